// Answers, as one JSON string, the content box [x, y, w, h] in its
// viewport of each frame element of the snapshot (its node indexes is) in
// the world it runs in (null for an element that is gone or has no box):
// where the frame's own viewport lies.
(/** @param {number[]} is */ function (is) {
  return JSON.stringify(is.map((i) => {
    const el = globalThis.__diwall && globalThis.__diwall.els[i];
    if (!el || !el.isConnected) { return null; }
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) { return null; }
    const cs = getComputedStyle(el);
    const pl = parseFloat(cs.paddingLeft) || 0, pt = parseFloat(cs.paddingTop) || 0;
    const pr = parseFloat(cs.paddingRight) || 0, pb = parseFloat(cs.paddingBottom) || 0;
    return [r.left + el.clientLeft + pl, r.top + el.clientTop + pt, Math.max(0, el.clientWidth - pl - pr), Math.max(0, el.clientHeight - pt - pb)];
  }));
})
