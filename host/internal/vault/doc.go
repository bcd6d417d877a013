// Package vault keeps the credentials the login tool types for the model,
// which never sees them (docs/contract.md §5).
//
// A credential has an id, the origins it may be used on, a username and a
// password. The ids and origins are kept in an index file (index.json in
// the vault folder, 0600), which `diwall vault list` and the server
// instructions read without unlocking anything. The username and password
// are kept in a store:
//
//   - the OS keyring, where there is one: the Secret Service on Linux
//     (GNOME Keyring, KWallet), the macOS Keychain, the Windows Credential
//     Manager, through github.com/zalando/go-keyring;
//   - otherwise an encrypted file, secrets.enc in the vault folder (0600):
//     AES-256-GCM under a random key kept in another folder (vault.key in
//     Diwall's data folder, 0600).
//
// The index records which store holds each credential, so a host started by
// the browser with another environment still finds it. DIWALL_VAULT=file or
// DIWALL_VAULT=keyring chooses the store of new credentials.
package vault
