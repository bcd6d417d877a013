// @ts-check
// The labels of a field, shared by the serializer and the capture guard.

/**
 * labelsFinder makes a labelsFor for one run of a script: the label[for]
 * elements of a field, from maps built once per document or shadow root
 * and kept as long as the function (el.labels is slow on large pages).
 * @returns {(el: Element) => HTMLLabelElement[]}
 */
export function labelsFinder() {
  /** @type {Map<Node, Map<string | null, HTMLLabelElement[]>>} */
  const labelMaps = new Map();
  return function labelsFor(el) {
    const root = /** @type {ParentNode} */ (el.getRootNode());
    let m = labelMaps.get(root);
    if (!m) {
      m = new Map();
      for (const l of root.querySelectorAll("label[for]")) {
        const id = l.getAttribute("for");
        if (!m.has(id)) { m.set(id, []); }
        /** @type {HTMLLabelElement[]} */ (m.get(id)).push(/** @type {HTMLLabelElement} */ (l));
      }
      labelMaps.set(root, m);
    }
    return m.get(el.id) || [];
  };
}
