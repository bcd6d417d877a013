// Answers, as JSON, which of the snapshot's nodes (want.nodes, of
// want.snapshot) are, or lie within, one of the elements the page listens
// on for keys (listening, through shadow roots too). The host runs it in
// its world with those elements as arguments.
(/** @param {{ snapshot: string, nodes: number[] }} want @param {Node[]} listening */ function (want, ...listening) {
  const state = globalThis.__diwall;
  if (!state || state.snapshot !== want.snapshot) { return "[]"; }
  const set = new Set(listening);
  const out = [];
  for (const i of want.nodes) {
    for (let n = /** @type {Node | null} */ (state.els[i]); n; n = n.parentNode || /** @type {ShadowRoot} */ (n).host) {
      if (set.has(n)) { out.push(i); break; }
    }
  }
  return JSON.stringify(out);
})
