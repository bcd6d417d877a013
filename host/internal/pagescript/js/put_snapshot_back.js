// Puts back the snapshot's references set_snapshot_aside.js set aside, and
// answers the snapshot's id ("" when there were none).
(() => { const k = globalThis.__diwallKept; delete globalThis.__diwallKept; if (!k) { return ""; } globalThis.__diwall = k; return k.snapshot; })()
