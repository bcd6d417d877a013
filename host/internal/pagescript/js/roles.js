// @ts-check
// ---- Roles, as Chrome computes them ----
//
// A module of the serializer (serializer.js): roleOf follows html-aam and
// ARIA as Chromium maps them (ax_node_object.cc: NativeRoleIgnoringAria,
// DetermineTableCellRole, IsDataTable), in the vocabulary of chrome_ax.go's
// axRole: where a spec and Chrome disagree, Chrome wins, as the roles must
// match what the slow path reads from Chrome's tree.
//
// roles makes the functions for one run of the serializer (their caches
// last as long as it): a function of the window it reads.

/** @param {Window & typeof globalThis} win */
export function roles(win) {

  // Concrete ARIA roles Chrome knows (abstract and unknown ones it skips).
  const ariaRoles = new Set(("alert alertdialog application article banner blockquote button caption cell " +
    "checkbox columnheader combobox comment complementary contentinfo definition dialog document feed " +
    "figure form generic grid gridcell group heading img link list listbox listitem log main marquee math " +
    "menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph " +
    "progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator " +
    "slider spinbutton status suggestion switch tab table tablist tabpanel term textbox timer toolbar " +
    "tooltip tree treegrid treeitem graphics-document graphics-object graphics-symbol " +
    "doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry " +
    "doc-bibliography doc-biblioref doc-chapter doc-colophon doc-conclusion doc-cover doc-credit " +
    "doc-credits doc-dedication doc-endnote doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example " +
    "doc-footnote doc-foreword doc-glossary doc-glossref doc-index doc-introduction doc-noteref doc-notice " +
    "doc-pagebreak doc-pagefooter doc-pageheader doc-pagelist doc-part doc-preface doc-prologue " +
    "doc-pullquote doc-qna doc-subtitle doc-tip doc-toc").split(" "));
  // Synonyms, and roles the tree names otherwise: text-level roles are
  // generic (see axRole).
  const roleAlias = new Map([["image", "img"], ["presentation", "none"], ["directory", "list"],
    ["code", "generic"], ["deletion", "generic"], ["emphasis", "generic"], ["insertion", "generic"],
    ["mark", "generic"], ["strong", "generic"], ["subscript", "generic"], ["superscript", "generic"],
    ["time", "generic"], ["sectionheader", "generic"], ["sectionfooter", "generic"]]);
  // Attributes that make role=none/presentation void (ARIA's conflict
  // resolution, as Chrome applies it).
  const globalAria = ["aria-atomic", "aria-busy", "aria-controls", "aria-current", "aria-describedby",
    "aria-description", "aria-details", "aria-dropeffect", "aria-errormessage", "aria-flowto", "aria-grabbed",
    "aria-invalid", "aria-keyshortcuts", "aria-label", "aria-labelledby", "aria-live", "aria-owns",
    "aria-relevant", "aria-roledescription"];
  // Roles that only exist inside another: out of it, Chrome gives the
  // element its native role.
  const roleContext = new Map([["option", "listbox"], ["treeitem", "tree"], ["listitem", "list"]]);
  const textInputTypes = new Set(["text", "search", "url", "tel", "email", "password", "number"]);

  /** @type {Map<Element, string>} */
  const roleCache = new Map();
  /** @param {Element} el @returns {string} */
  function roleOf(el) {
    let r = roleCache.get(el);
    if (r === undefined) {
      r = computeRole(/** @type {PageElement} */ (el), el.tagName.toUpperCase());
      roleCache.set(el, r);
    }
    return r;
  }

  /** @param {PageElement} el */
  function focusable(el) {
    if (el.hasAttribute("tabindex") || el.isContentEditable) { return true; }
    switch (el.tagName.toUpperCase()) {
      case "A": case "AREA": return el.hasAttribute("href");
      case "BUTTON": case "SELECT": case "TEXTAREA": case "IFRAME": case "SUMMARY": return true;
      case "INPUT": return el.type !== "hidden";
    }
    return false;
  }

  /** @param {Element} el */
  function hasGlobalAria(el) {
    for (const a of globalAria) { if (el.hasAttribute(a)) { return true; } }
    return false;
  }

  /** @param {PageElement} el @param {string} tag @returns {string} */
  function computeRole(el, tag) {
    const attr = el.getAttribute("role");
    if (attr) {
      for (let t of attr.trim().toLowerCase().split(/\s+/)) {
        if (!ariaRoles.has(t) && !roleAlias.has(t)) { continue; } // abstract or unknown: the next one
        t = roleAlias.get(t) || t;
        if (t === "none" && (focusable(el) || hasGlobalAria(el))) { break; } // conflict: the native role
        if ((t === "region" || t === "form") && !authorName(el)) { return "generic"; }
        if (roleContext.has(t) && !inContext(el, /** @type {string} */ (roleContext.get(t)))) { break; } // out of context: the native role
        if ((t === "cell") && inGrid(el)) { return "gridcell"; }
        return t;
      }
    }
    if (presentationalParent(el, tag)) { return "none"; }
    return nativeRole(el, tag);
  }

  // An author-given name: aria-label, aria-labelledby or title.
  /** @param {Element} el */
  function authorName(el) {
    return /\S/.test(el.getAttribute("aria-label") || "") || el.hasAttribute("aria-labelledby") ||
      el.hasAttribute("aria-labeledby") || /\S/.test(el.getAttribute("title") || "");
  }

  // Whether the nearest ancestor of a role other than generic is the
  // role el needs, or a group.
  /** @param {Node} el @param {string} want */
  function inContext(el, want) {
    for (let p = parentOf(el); p && p.nodeType === 1; p = parentOf(p)) {
      const r = roleOf(/** @type {Element} */ (p));
      if (r !== "generic" && r !== "none") { return r === want || r === "group"; }
    }
    return false;
  }

  /** @param {Node} el */
  function inGrid(el) {
    for (let p = parentOf(el); p && p.nodeType === 1; p = parentOf(p)) {
      const r = roleOf(/** @type {Element} */ (p));
      if (r === "grid" || r === "treegrid") { return true; }
      if (r !== "generic" && r !== "none" && r !== "group" && r !== "rowgroup" && r !== "row") { return false; }
    }
    return false;
  }

  // The parent in the flat tree (a slotted node's parent is its slot's).
  /** @param {Node & Partial<Slottable>} n @returns {Node | null} */
  function parentOf(n) {
    if (n.assignedSlot) { return n.assignedSlot; }
    const p = n.parentNode;
    return p && p.nodeType === 11 ? /** @type {Partial<ShadowRoot>} */ (p).host || null : p;
  }

  // The items of a presentational list are presentational too. (Parts of
  // a presentational table: see cellRole.)
  /** @param {Element} el @param {string} tag */
  function presentationalParent(el, tag) {
    if (tag === "LI") {
      const p = el.parentElement;
      return p !== null && (p.tagName === "UL" || p.tagName === "OL" || p.tagName === "MENU") && roleOf(p) === "none";
    }
    return false;
  }

  /** @param {PageElement} el @param {string} tag @returns {string} */
  function nativeRole(el, tag) {
    switch (tag) {
      case "A":
        if (el.hasAttribute("href") || el.hasAttribute("onclick")) { return "link"; }
        return el.namespaceURI === svgNS && !el.closest("text") ? "group" : "generic";
      case "AREA": return el.hasAttribute("href") ? "link" : "generic";
      case "BUTTON": return "button";
      case "INPUT": {
        const t = el.type;
        if (t === "hidden") { return ""; }
        if (el.list && t !== "color") { return "combobox"; }
        switch (t) {
          case "checkbox": return "checkbox";
          case "radio": return "radio";
          case "range": return "slider";
          case "number": return "spinbutton";
          case "search": return "searchbox";
          case "button": case "submit": case "reset": case "image": case "file": case "color": return "button";
        }
        return "textbox";
      }
      case "SELECT": return !el.multiple && /** @type {number} */ (el.size) <= 1 ? "combobox" : "listbox";
      case "OPTION": return "option";
      case "OPTGROUP": case "FIELDSET": case "DETAILS": case "ADDRESS": case "HGROUP": return "group";
      case "TEXTAREA": return "textbox";
      case "H1": case "H2": case "H3": case "H4": case "H5": case "H6": return "heading";
      case "IMG":
        return el.getAttribute("alt") === "" && !el.hasAttribute("title") && !hasGlobalAria(el) && !focusable(el) ? "none" : "img";
      case "SVG": return svgRole(el);
      case "G": return el.namespaceURI === svgNS && authorName(el) ? "group" : "generic";
      case "NAV": return "navigation";
      case "MAIN": return "main";
      case "ASIDE": return authorName(el) || !sectioned(el, false) ? "complementary" : "generic";
      case "HEADER": return sectioned(el, true) ? "generic" : "banner";
      case "FOOTER": return sectioned(el, true) ? "generic" : "contentinfo";
      case "FORM": return "form";
      case "SECTION": return authorName(el) ? "region" : "generic";
      case "ARTICLE": return "article";
      case "UL": case "OL": case "MENU": case "DL": case "DIR": return "list";
      case "LI": return "listitem";
      case "DT": case "DFN": return "term";
      case "DD": return "definition";
      case "TABLE": return dataTable(el) ? "table" : "generic";
      case "THEAD": case "TFOOT": case "TBODY": return sectionRole(el, tag);
      case "TR": return tableLike(el.closest("table")) ? "row" : "generic";
      case "TD": case "TH": return cellRole(el, tag);
      case "CAPTION": case "FIGCAPTION": return "caption";
      case "FIGURE": return "figure";
      case "P": return "paragraph";
      case "DIALOG": return "dialog";
      case "SUMMARY": return el.parentElement && el.parentElement.tagName === "DETAILS" ? "button" : "generic";
      case "HR": return "separator";
      case "PROGRESS": return "progressbar";
      case "METER": return "meter";
      case "BLOCKQUOTE": return "blockquote";
      case "OUTPUT": return "status";
      case "SEARCH": return "search";
      case "MATH": return "math";
      case "IFRAME": case "FRAME": case "OBJECT": case "EMBED": return "iframe";
    }
    // Chrome's minimum role for an element that can be dragged or takes
    // the focus on load.
    if (el.hasAttribute("draggable") || el.hasAttribute("autofocus")) { return "group"; }
    return "generic";
  }

  const svgNS = "http://www.w3.org/2000/svg";
  /** @param {Element} el */
  function svgRole(el) {
    if (el.namespaceURI !== svgNS) { return "generic"; }
    if (el.parentElement && el.parentElement.closest("svg")) { return "group"; }
    if (!el.firstElementChild) { return "none"; }
    return el.querySelector("text, foreignObject") ? "generic" : "img";
  }

  // Whether a header, footer or aside lies in sectioning content (or, for
  // header and footer, in main): then it is not a landmark.
  /** @param {Node} el @param {boolean} withMain */
  function sectioned(el, withMain) {
    for (let p = parentOf(el); p && p.nodeType === 1; p = parentOf(p)) {
      const t = /** @type {Element} */ (p).tagName;
      if (t === "ARTICLE" || t === "ASIDE" || t === "NAV" || t === "SECTION" || (withMain && t === "MAIN")) { return true; }
      const r = /** @type {Element} */ (p).getAttribute("role");
      if (r && /^(article|complementary|navigation|region|main)$/.test(r.trim())) { return true; }
    }
    return false;
  }

  /** @param {Element | null} t */
  function tableLike(t) {
    if (!t) { return false; }
    const r = roleOf(t);
    return r === "table" || r === "grid" || r === "treegrid";
  }

  /** @param {Element} el @param {string} tag */
  function sectionRole(el, tag) {
    const t = el.closest("table");
    if (!tableLike(t)) { return "generic"; }
    // Chrome leaves a bare <tbody> out of its tree.
    return tag === "TBODY" && !el.attributes.length ? "generic" : "rowgroup";
  }

  /** @param {Element} el @param {string} tag */
  function cellRole(el, tag) {
    const tr = el.parentElement;
    const table = tr && tr.closest("table");
    if (!table || tr.tagName !== "TR" || roleOf(tr) !== "row") { return "generic"; }
    const tr2 = roleOf(table);
    if (tag === "TD") { return tr2 === "grid" || tr2 === "treegrid" ? "gridcell" : "cell"; }
    const scope = (el.getAttribute("scope") || "").toLowerCase();
    if (scope === "row" || scope === "rowgroup") { return "rowheader"; }
    if (scope === "col" || scope === "colgroup") { return "columnheader"; }
    // Chromium's DecideRoleFromSiblings.
    const next = el.nextSibling, prev = el.previousSibling;
    if (!next && !prev) { return "columnheader"; }
    const isTH = (/** @type {Node | null} */ n) => n !== null && n.nodeName === "TH";
    const fullTD = (/** @type {Node | null} */ n) => n !== null && n.nodeName === "TD" && n.hasChildNodes();
    if (isTH(next) && isTH(prev)) { return "columnheader"; }
    if (fullTD(next) || fullTD(prev)) { return "rowheader"; }
    // (The row holds el: it has a first and a last element.)
    const first = /** @type {Element} */ (tr.firstElementChild), last = /** @type {Element} */ (tr.lastElementChild);
    if (fullTD(first) || fullTD(last)) { return "rowheader"; }
    if (fullTD(first.nextElementSibling) || fullTD(last.previousElementSibling)) { return "rowheader"; }
    return "columnheader";
  }

  // Chromium's heuristic for data tables (AXNodeObject::IsDataTable); the
  // others are layout tables, exposed as generic containers.
  /** @type {Map<Element, boolean>} */
  const dataTables = new Map();
  /** @param {PageElement} t @returns {boolean} */
  function dataTable(t) {
    let d = dataTables.get(t);
    if (d === undefined) {
      d = isDataTable(t);
      dataTables.set(t, d);
    }
    return d;
  }

  /** @param {PageElement} t */
  function isDataTable(t) {
    if (!t.rows) { return false; } // not an HTML table
    if (t.hasAttribute("role") || t.isContentEditable) { return true; }
    if (t.getAttribute("summary") || t.tHead || t.tFoot || t.caption || t.getAttribute("rules")) { return true; }
    for (const c of t.children) { if (c.tagName === "COL" || c.tagName === "COLGROUP") { return true; } }
    const rows = t.rows;
    if (rows.length >= 20) { return true; }
    if (rows.length === 0) { return false; }
    if (rows.length === 1 && rows[0].cells.length === 1) { return false; }
    const ts = win.getComputedStyle(t);
    const tableBg = ts.backgroundColor;
    const sp = ts.borderSpacing.split(/\s+/).map(parseFloat);
    const spacing = sp[0] > 0 && (sp.length > 1 ? sp[1] : sp[0]) > 0;
    let valid = 0, bordered = 0, bgDiff = 0, top = 0, bottom = 0, left = 0, right = 0;
    const rowBg = [];
    for (let i = 0; i < rows.length; i++) {
      for (const cell of rows[i].cells) {
        if (cell.tagName === "TH") { return true; }
        if (cell.getAttribute("headers") || cell.getAttribute("abbr") || cell.getAttribute("axis") || cell.getAttribute("scope")) { return true; }
        const cs = win.getComputedStyle(cell);
        if (cs.display === "none" || !cell.checkVisibility()) { continue; }
        if (cell.offsetWidth < 1 || cell.offsetHeight < 1) { continue; }
        valid++;
        if (cs.emptyCells === "hide") { return true; }
        const bt = parseFloat(cs.borderTopWidth) > 0, bb = parseFloat(cs.borderBottomWidth) > 0;
        const bl = parseFloat(cs.borderLeftWidth) > 0, br = parseFloat(cs.borderRightWidth) > 0;
        if ((bt && bb) || (bl && br)) { bordered++; }
        top += Number(bt); bottom += Number(bb); left += Number(bl); right += Number(br);
        const bg = cs.backgroundColor;
        if (spacing && bg !== tableBg && !transparent(bg)) { bgDiff++; }
        if (bordered >= 10 || bgDiff >= 10) { return true; }
        if (i < 5 && i === rowBg.length) { rowBg.push(win.getComputedStyle(rows[i]).backgroundColor); }
      }
    }
    if (valid <= 1) { return false; }
    const need = Math.floor(valid / 2);
    if (bordered >= need || top >= need || bottom >= need || left >= need || right >= need) { return true; }
    if (bgDiff >= need) { return true; }
    if (rowBg.length > 2) {
      for (let k = 1; k < rowBg.length; k++) {
        if (k % 2 === 1 && rowBg[k] === rowBg[0]) { return false; }
        if (k % 2 === 0 && rowBg[k] !== rowBg[0]) { return false; }
      }
      return true;
    }
    return false;
  }

  const transparent = (/** @type {string} */ c) => c === "transparent" || /^rgba\(.*,\s*0\)$/.test(c);

  return { roleOf, inGrid, parentOf, svgNS, textInputTypes };
}
