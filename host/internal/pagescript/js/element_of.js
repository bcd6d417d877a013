// Answers the element of a node index of the snapshot in the world it runs
// in, as an object the host holds a reference to.
(/** @param {number} i */ function (i) { return /** @type {KeptSnapshot} */ (globalThis.__diwall).els[i]; })
