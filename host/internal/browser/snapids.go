package browser

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"

	"github.com/diwall/diwall/host/internal/randid"
)

// Snapshot ids. A tab's snapshot id is 16 random hex digits followed by
// 16 of their MAC with the tab's opaque id, under the key of the tab ids:
// the host tells an id the tab issued (now stale) from one it never
// issued (made up, another tab's) without keeping them, across restarts
// too. It looks like any other id of the host: 32 lowercase hex digits.

// snapshotRandomHex is the length of an id's random part, in hex digits.
const snapshotRandomHex = 16

// snapshotID returns a fresh snapshot id of the tab whose opaque id is tab.
func (t tabIDs) snapshotID(tab string) string {
	r := randid.Hex(snapshotRandomHex / 2)
	return r + t.snapshotMAC(tab, r)
}

// issued says whether id is a snapshot id of the tab whose opaque id is
// tab. Without a key (a TabInfo made by hand) nothing is known issued.
func (t tabIDs) issued(tab, id string) bool {
	if len(t.key) == 0 || len(id) != 2*snapshotRandomHex {
		return false
	}
	return hmac.Equal([]byte(id[snapshotRandomHex:]), []byte(t.snapshotMAC(tab, id[:snapshotRandomHex])))
}

func (t tabIDs) snapshotMAC(tab, random string) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte("snapshot\x00" + tab + "\x00" + random))
	return hex.EncodeToString(m.Sum(nil)[:snapshotRandomHex/2])
}

// NewSnapshotID returns a fresh id for a snapshot of the tab (see
// TabInfo.CheckSnapshot: an id the tab never issued is told apart).
func (t *Tab) NewSnapshotID() string { return t.b.ids.snapshotID(t.ID) }
