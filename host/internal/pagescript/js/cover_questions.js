// Answers, for questions [owner, x, y] in the viewport of the world it
// runs in, what lies over the frame element owner at (x, y): null when the
// frame itself, else the snapshot index of what covers it or of its
// nearest reported ancestor (-1: none).
(/** @param {[number, number, number][]} qs */ function (qs) {
  const s = globalThis.__diwall;
  return JSON.stringify(qs.map(([owner, x, y]) => {
    const el = s && s.els[owner];
    if (!el) { return null; }
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) { break; }
      hit = inner;
    }
    if (!hit || hit === el) { return null; }
    for (let c = /** @type {Node | null} */ (hit); c; c = c.parentNode || /** @type {ShadowRoot} */ (c).host) {
      if (s.index.has(c)) { return s.index.get(c); }
    }
    return -1;
  }));
})
