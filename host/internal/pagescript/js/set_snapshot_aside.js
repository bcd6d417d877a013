// Sets the snapshot's references aside while a kept observation runs
// (put_snapshot_back.js puts them back).
(() => { globalThis.__diwallKept = globalThis.__diwall; return ""; })()
