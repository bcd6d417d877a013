// @ts-check
// ---- Accessible names, as Chrome computes them ----
//
// A module of the serializer (serializer.js), with roles.js. nameOf
// follows accname 1.2 as Chromium implements it (ax_object.cc,
// ax_node_object.cc: TextAlternative, NativeTextAlternative,
// TextFromDescendants): where the spec and Chrome disagree, Chrome wins,
// as the names must match what the slow path reads from Chrome's tree.
//
// names makes the functions for one run of the serializer (their caches
// last as long as it), from what they take of the serializer's run
// (NameScope) and of roles.js.

/**
 * @param {NameScope} scope
 * @param {ReturnType<typeof import("./roles.js").roles>} roles
 */
export function names(scope, roles) {
  const { win, doc, sensitiveCues, textSeen, index, frameTags, closedRoots, labelsFor } = scope;
  const { roleOf, inGrid, parentOf, svgNS, textInputTypes } = roles;

  const htmlSpace = /[ \t\n\r\f]+/g;
  // (HTML's spaces only: Chrome keeps a no-break space at either end.)
  const collapse = (/** @type {string} */ s) => s.replace(htmlSpace, " ").replace(/^ | $/g, "");
  const htmlSpaceCode = (/** @type {number} */ c) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
  // Roles named from their content (Chromium's SupportsNameFromContents).
  const contentRoles = new Set(["button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "math",
    "option", "menuitem", "menuitemcheckbox", "menuitemradio", "radio", "rowheader", "switch", "tab",
    "treeitem", "tooltip", "term", "doc-backlink", "doc-biblioref", "doc-noteref", "doc-glossref"]);
  // Controls: their names count every word Chrome counts, even visually
  // hidden ones ("Bold" on an icon button). Other roles named from content
  // double as page text and keep to what a person sees.
  const controlRoles = new Set(["button", "checkbox", "gridcell", "link", "option", "menuitem",
    "menuitemcheckbox", "menuitemradio", "radio", "switch", "tab", "treeitem", "doc-backlink",
    "doc-biblioref", "doc-noteref", "doc-glossref"]);
  // Roles whose content never counts towards a name, not even an
  // ancestor's.
  const noContentRoles = new Set(["alert", "alertdialog", "application", "article", "banner", "blockquote",
    "combobox", "comment", "complementary", "contentinfo", "dialog", "document", "feed", "figure", "form",
    "graphics-document", "graphics-object", "graphics-symbol", "grid", "group", "iframe", "img", "listbox",
    "log", "main", "marquee", "menu", "menubar", "meter", "navigation", "note", "progressbar", "radiogroup",
    "rowgroup", "scrollbar", "search", "searchbox", "separator", "slider", "spinbutton", "status", "suggestion",
    "table", "tablist", "tabpanel", "textbox", "timer", "toolbar", "tree", "treegrid"]);
  // Roles whose name may not come from a tooltip (title).
  const prohibitedRoles = new Set(["caption", "code", "definition", "deletion", "emphasis", "generic",
    "insertion", "mark", "none", "paragraph", "strong", "subscript", "suggestion", "superscript", "term", "time"]);
  const controlLike = new Set(["button", "checkbox", "radio", "switch", "textbox", "searchbox", "combobox",
    "listbox", "slider", "spinbutton", "scrollbar", "menuitem", "menuitemcheckbox", "menuitemradio", "tab"]);
  const maxVisited = 100; // Chromium's kMaxDescendantsForTextAlternativeComputation

  let focused = doc.activeElement;
  while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) { focused = focused.shadowRoot.activeElement; }

  // nameOf returns el's accessible name with how it was found: nf 1 when
  // from its content; nh 1 when text Chrome counts but a person cannot see
  // was left out (roles whose name is also their visible text); u 1 when
  // only Chrome can tell.
  const noName = { n: "", nf: 0, nh: 0, u: 0 };
  const nativeNamed = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON", "METER", "OUTPUT", "PROGRESS", "IMG", "AREA",
    "TABLE", "FIELDSET", "OPTION", "OPTGROUP", "TD", "TH"]);
  /** @param {PageElement} el @param {string} role @returns {{n: string, nf: number, nh: number, u: number}} */
  function nameOf(el, role) {
    // Most elements have no name: nothing in their markup can give one.
    if (!contentRoles.has(role) && role !== "row" && el !== focused && !nativeNamed.has(el.tagName) &&
      el.namespaceURI !== svgNS && (!el.hasAttributes() || !el.hasAttribute("aria-label") &&
      !el.hasAttribute("aria-labelledby") && !el.hasAttribute("aria-labeledby") && !el.hasAttribute("title") &&
      !el.hasAttribute("aria-placeholder"))) {
      return noName;
    }
    const st = newState(!controlRoles.has(role), el.getRootNode() !== doc);
    const text = textAlt(el, role, st, false, null);
    if (st.count > maxVisited - 20) { st.u = 1; } // near Chromium's cut: its count may differ from ours
    return { n: collapse(text), nf: st.nf, nh: st.nh, u: st.u };
  }

  // The state of one name's computation. (One object, reused: names are
  // computed one at a time.)
  /**
   * @typedef {object} NameState
   * @property {Set<Node>} visited
   * @property {number} count
   * @property {number} u
   * @property {number} nh
   * @property {number} nf
   * @property {boolean} [seen]
   * @property {boolean} [shadow]
   * @property {number} [first]
   * @property {number} [last]
   */
  /**
   * The element an aria-labelledby traversal started from, and whether
   * its hidden parts count.
   * @typedef {{el: Element, open: boolean}} NameRoot
   */
  /** @type {NameState} */
  const state = { visited: new Set(), count: 0, u: 0, nh: 0, nf: 0, seen: false, shadow: false, first: 0, last: 0 };
  /** @param {boolean} seen @param {boolean} shadow */
  function newState(seen, shadow) {
    state.visited.clear();
    state.count = state.u = state.nh = state.nf = state.first = state.last = 0;
    state.seen = seen;
    state.shadow = shadow;
    return state;
  }

  // Kinds of text, for the spaces Chrome puts between them: from content,
  // or from an attribute, label or value (always set apart).
  const fromContent = 0, fromAttr = 1;

  // kind sets the kinds of the text about to be returned: of its first
  // part and of its last (they differ for a span Chrome leaves out).
  /** @param {NameState} st @param {string} text @param {number} first @param {number} [last] */
  function kind(st, text, first, last = first) {
    st.first = first;
    st.last = last;
    return text;
  }

  // textAlt is accname's text alternative of element el, with its kinds in
  // st.first and st.last. root is the element an aria-labelledby traversal
  // started from (or null).
  /** @param {PageElement} el @param {string} role @param {NameState} st @param {boolean} recursive @param {NameRoot | null} root @param {boolean} [shown] @returns {string} */
  function textAlt(el, role, st, recursive, root, shown = false) {
    const tag = el.tagName.toUpperCase();
    if (tag === "BR") { return kind(st, "\n", fromContent); }
    if (recursive && !st.visited.has(el)) {
      const v = embeddedValue(el, tag, role);
      if (v !== null) { return kind(st, v, fromAttr); }
    }
    const already = st.visited.has(el);
    if (!already) {
      st.visited.add(el);
      st.count++;
    }
    if (tag === "SLOT") { return contentOf(el, st, root, styleOf(el)); }
    if (recursive && !shown && hiddenFor(el, tag, root, styleOf(el))) { return kind(st, "", fromContent); }
    if (!root && !already) {
      const refs = labelledBy(el);
      if (refs) {
        const parts = [];
        for (const ref of refs) {
          const t = referenced(ref, st);
          if (t) { parts.push(t); }
        }
        const t = parts.join(" ");
        if (/\S/.test(t)) { return kind(st, t, fromAttr); }
      }
    }
    const al = el.getAttribute("aria-label");
    if (al && /\S/.test(al)) { return kind(st, al, fromAttr); }
    if (root && root.el === el && textField(el, tag)) {
      // A text field's aria-labelledby that refers to itself gives its value.
      return kind(st, sensitiveCues(el, tag, "") ? "" : /** @type {string} */ (el.value), fromAttr);
    }
    const native = nativeText(el, tag, role, st);
    if (native !== null) { return kind(st, native, fromAttr); }
    if ((root || takesContent(el, tag, role, recursive)) && tag !== "SELECT" && !textField(el, tag)) {
      if (!recursive) { st.nf = 1; }
      const c = contentOf(el, st, root, styleOf(el));
      // (Content that is only spaces names nothing: the title, say, does.
      // Inside a name, those spaces still part the words around them.)
      if (c && (recursive || /\S/.test(c))) {
        // A span Chrome leaves out passes its parts' kinds on.
        if (!(recursive && ignoredByChrome(el, tag, role))) { st.first = st.last = fromContent; }
        return c;
      }
    }
    if (root || !prohibited(el, tag, role)) {
      const title = el.getAttribute("title");
      if (title && title.trim() !== (el.innerText || "").trim()) { return kind(st, title, fromAttr); }
    }
    return kind(st, "", fromContent);
  }

  /** @param {PageElement} el @param {string} tag @param {string} role @param {boolean} recursive */
  function takesContent(el, tag, role, recursive) {
    if (contentRoles.has(role)) { return tag !== "MATH"; }
    if (role === "row") { return inGrid(el); }
    if ((noContentRoles.has(role) || tag === "HEADER" || tag === "FOOTER") && tag !== "DETAILS") { return false; }
    if (recursive || layoutCell(el, tag, role)) { return true; }
    // Chrome's repair: a focused element of a neutral role is named from
    // its content.
    return el === focused && !el.isContentEditable && !el.hasAttribute("aria-activedescendant");
  }

  // Whether Chrome leaves el out of its tree (a plain span): then the spaces
  // around its text are its children's.
  const plainTags = new Set(["A", "B", "BDI", "BDO", "BIG", "CITE", "DATA", "DIV", "FONT", "I", "KBD", "NOBR", "Q",
    "SAMP", "SMALL", "SPAN", "TT", "U", "VAR"]);
  /** @param {Element} el @param {string} tag @param {string} role */
  function ignoredByChrome(el, tag, role) {
    if (role !== "generic" && role !== "none") { return false; }
    if (el.hasAttribute("id") || el.hasAttribute("tabindex") || el.hasAttribute("title")) { return false; }
    for (const a of el.attributes) { if (a.name.startsWith("aria-")) { return false; } }
    if (role === "none") { return true; }
    return (plainTags.has(tag) || (tag.includes("-") && !el.hasAttribute("role"))) && styleOf(el).display === "inline";
  }

  // A cell of a layout table: Chrome names it from its content.
  /** @param {Element} el @param {string} tag @param {string} role */
  function layoutCell(el, tag, role) {
    if ((tag !== "TD" && tag !== "TH") || role !== "generic") { return false; }
    const t = el.closest("table");
    return t !== null && !t.hasAttribute("role") && roleOf(t) === "generic" && el.parentElement !== null && el.parentElement.tagName === "TR";
  }

  /** @param {Element} el @param {string} tag @param {string} role */
  function prohibited(el, tag, role) {
    if (tag === "LABEL" || tag === "LEGEND" || tag === "ABBR") { return false; }
    return prohibitedRoles.has(role);
  }

  /** @param {PageElement} el @param {string} tag */
  function textField(el, tag) {
    return tag === "TEXTAREA" || (tag === "INPUT" && textInputTypes.has(/** @type {string} */ (el.type)));
  }

  // The elements aria-labelledby (or its old spelling) refers to, or null.
  /** @param {Element} el @returns {readonly Element[] | null} */
  function labelledBy(el) {
    const attr = el.hasAttribute("aria-labelledby") ? "aria-labelledby" : el.hasAttribute("aria-labeledby") ? "aria-labeledby" : "";
    if (!attr) { return null; }
    if (attr === "aria-labelledby" && el.ariaLabelledByElements !== undefined) {
      const els = el.ariaLabelledByElements;
      return els && els.length ? els : null;
    }
    const scope = /** @type {Node & NonElementParentNode} */ (el.getRootNode());
    const out = [];
    for (const id of /** @type {string} */ (el.getAttribute(attr)).split(htmlSpace)) {
      const ref = id && scope.getElementById(id);
      if (ref) { out.push(ref); }
    }
    return out.length ? out : null;
  }

  // The text of an element aria-labelledby refers to: hidden parts count
  // when the element itself is hidden.
  /** @param {Element} ref @param {NameState} st @returns {string} */
  function referenced(ref, st) {
    if (ref.closest("[inert]")) { return ""; }
    const open = !visibleForAX(ref);
    const seen = st.seen;
    st.seen = false; // another element's text: Chrome's rules alone
    const t = textAlt(ref, roleOf(ref), st, true, { el: ref, open });
    st.seen = seen;
    st.visited.add(ref);
    return t;
  }

  /** @param {Element} el */
  function visibleForAX(el) {
    if (!el.checkVisibility()) { return false; }
    if (win.getComputedStyle(el).visibility !== "visible") { return false; }
    for (let p = /** @type {Node | null} */ (el); p; p = parentOf(p)) { if (p.nodeType === 1 && /** @type {Element} */ (p).getAttribute("aria-hidden") === "true") { return false; } }
    return true;
  }

  // Whether el is left out of a name computed through its parent.
  /** @param {PageElement} el @param {string} tag @param {NameRoot | null} root @param {CSSStyleDeclaration} cs */
  function hiddenFor(el, tag, root, cs) {
    if (tag === "NOSCRIPT") { return true; }
    if (root && root.open) { return false; }
    if ((tag === "TITLE" || tag === "DESC") && el.namespaceURI === svgNS) { return false; }
    if (el.getAttribute("aria-hidden") === "true" || el.inert) { return true; }
    return cs.display === "none" || cs.visibility !== "visible" && cs.visibility !== "";
  }

  /** @type {Map<Element, CSSStyleDeclaration>} */
  const styles = new Map();
  /** @param {Element} el */
  function styleOf(el) {
    let cs = styles.get(el);
    if (!cs) {
      cs = win.getComputedStyle(el);
      styles.set(el, cs);
    }
    return cs;
  }

  // The value an embedded control gives the name of what it is in (a
  // textbox, a select, a range), or null: then its own name counts, as for
  // an empty text field. Values that may be secrets give nothing.
  /** @param {PageElement} el @param {string} tag @param {string} role @returns {string | null} */
  function embeddedValue(el, tag, role) {
    switch (role) {
      case "textbox": case "searchbox": case "combobox":
        if (tag === "INPUT" || tag === "TEXTAREA") {
          if (el.value === "") { return null; }
          return sensitiveCues(el, tag, "") ? "" : /** @type {string} */ (el.value);
        }
        if (tag === "SELECT") { return selectedText(el); }
        if (role === "combobox") { return null; }
        return sensitiveCues(el, tag, "") ? "" : (el.innerText || "");
      case "listbox": {
        if (tag === "SELECT") { return /** @type {HTMLSelectElement} */ (el).selectedOptions.length ? selectedText(el) : null; }
        const sel = el.querySelector('[role="option"][aria-selected="true"]');
        return sel ? textAlt(sel, roleOf(sel), { visited: new Set(), count: 0, u: 0, nh: 0, nf: 0 }, true, null) : null;
      }
      case "slider": case "spinbutton": case "progressbar": case "meter": case "scrollbar": {
        const vt = el.getAttribute("aria-valuetext");
        if (vt !== null) { return vt; }
        const vn = el.getAttribute("aria-valuenow");
        if (vn !== null) { return vn; }
        if (tag === "INPUT") { return el.value === "" ? null : /** @type {string} */ (el.value); }
        if (tag === "PROGRESS" || tag === "METER") { return String(el.value); }
        if (role === "slider" || role === "scrollbar") {
          // ARIA's default: halfway between the bounds.
          // (An attribute that is not there parses as NaN.)
          const lo = parseFloat(/** @type {string} */ (el.getAttribute("aria-valuemin"))), hi = parseFloat(/** @type {string} */ (el.getAttribute("aria-valuemax")));
          return String(((isNaN(lo) ? 0 : lo) + (isNaN(hi) ? 100 : hi)) / 2);
        }
        return "";
      }
    }
    return null;
  }

  /** @param {PageElement} sel */
  function selectedText(sel) {
    const o = /** @type {HTMLSelectElement} */ (sel).selectedOptions[0];
    return o ? collapse(o.getAttribute("aria-label") || o.label || o.text || "") : "";
  }

  // The name HTML gives el by its own means (labels, alt, value, legend,
  // caption, title of an SVG), or null to go on with its content.
  /** @param {PageElement} el @param {string} tag @param {string} role @param {NameState} st @returns {string | null} */
  function nativeText(el, tag, role, st) {
    if (tag === "OPTION") {
      if (el.childNodes.length === 1 && /** @type {Node} */ (el.firstChild).nodeType === 3) {
        const t = collapse(el.label || "");
        if (t) { return t; }
      }
      return null;
    }
    if (tag === "OPTGROUP") { return el.getAttribute("label") || null; }
    const labelable = tag === "BUTTON" || tag === "METER" || tag === "OUTPUT" || tag === "PROGRESS" ||
      tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && el.type !== "hidden");
    const type = tag === "INPUT" ? el.type : "";
    if (labelable) {
      const labels = labelsOf(el);
      if (labels.length) {
        const parts = [];
        const seen = st.seen;
        st.seen = false; // a label's text: Chrome's rules alone
        for (const l of labels) {
          if (st.visited.has(l)) { continue; }
          const shown = l.checkVisibility() || styleOf(l).display === "contents";
          const t = shown ? textAlt(l, roleOf(l), st, true, null) : "";
          st.visited.add(l);
          if (t) { parts.push(t); }
        }
        st.seen = seen;
        if (type === "file" && el.files && el.files.length) { st.u = 1; }
        return parts.join(" ").trim();
      }
    }
    if (type === "button" || type === "submit" || type === "reset") {
      if (el.hasAttribute("value")) { return /** @type {string} */ (el.value); }
      if (type === "button") { return ""; }
      if (!/^en\b/i.test(navigator.language)) { st.u = 1; } // Chrome's words are localised
      return type === "submit" ? "Submit" : "Reset";
    }
    if (type === "image") {
      const alt = el.getAttribute("alt");
      if (alt) { return alt; }
      if (el.hasAttribute("value")) { return el.getAttribute("value"); }
      const title = el.getAttribute("title");
      if (title) { return title; }
      if (!/^en\b/i.test(navigator.language)) { st.u = 1; }
      return "Submit";
    }
    if (type === "file") {
      st.u = 1; // "Choose File", in the browser's language
      return "";
    }
    if (textField(el, tag)) {
      const title = el.getAttribute("title");
      if (title) { return title; }
      const ph = el.getAttribute("placeholder");
      if (ph) { return ph; }
      return el.getAttribute("aria-placeholder") || "";
    }
    if (role === "textbox" || role === "searchbox") {
      const ph = el.getAttribute("aria-placeholder");
      if (ph) { return ph; }
    }
    if (tag === "IMG" || tag === "AREA") { return el.getAttribute("alt"); }
    if (tag === "TABLE") {
      if (el.caption) {
        return textAlt(el.caption, roleOf(el.caption), st, true, null);
      }
      return el.getAttribute("summary");
    }
    if (el.namespaceURI === svgNS) {
      for (const c of el.children) {
        if (c.tagName === "title") {
          const t = c.textContent;
          if (t) { return t; }
          break;
        }
      }
      if (tag === "A") { return el.getAttributeNS("http://www.w3.org/1999/xlink", "title") || null; }
      return null;
    }
    if (tag === "FIELDSET") {
      for (const c of el.children) {
        if (c.tagName === "LEGEND") {
          if (st.visited.has(c)) { return null; }
          return textAlt(c, roleOf(c), st, true, null) || null;
        }
      }
    }
    return null;
  }

  // The labels of a labelable element, in document order: label[for] in
  // its tree scope and the label around it.
  /** @param {PageElement} el */
  function labelsOf(el) {
    const out = [];
    if (el.id) {
      for (const l of labelsFor(el)) { if (l.control === el) { out.push(l); } }
    }
    for (let w = el.parentElement && el.parentElement.closest("label"); w; w = w.parentElement && w.parentElement.closest("label")) {
      if (!w.hasAttribute("for") && w.control === el) { out.push(w); }
    }
    if (out.length > 1) { out.sort((a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1); }
    return out;
  }

  // The children of el in the flat tree: its shadow tree when it has one,
  // what a slot shows.
  /** @param {Element} el @returns {ArrayLike<Node> & Iterable<Node>} */
  function flatChildren(el) {
    const shadow = el.shadowRoot || closedRoots.get(el);
    if (shadow) { return shadow.childNodes; }
    if (el.tagName === "SLOT") {
      const assigned = /** @type {HTMLSlotElement} */ (el).assignedNodes({ flatten: true });
      return assigned.length ? assigned : el.childNodes;
    }
    return el.childNodes;
  }

  // How a child sits in its parent's line, for the spaces between names:
  // in the same line of inline text (and not a box of its own), or set
  // apart. (Floats and absolute boxes have a block display already; no box,
  // display: contents or a slot, is set apart.)
  const inlineFlow = 1, setApart = 2;
  /** @param {CSSStyleDeclaration | null} cs @param {string} tag */
  function layoutOf(cs, tag) {
    if (!cs) { return setApart; }
    const d = cs.display;
    if (!d.startsWith("inline")) { return setApart; }
    return d !== "inline" || replaced.has(tag) ? setApart : inlineFlow;
  }
  const replaced = new Set(["IMG", "INPUT", "BUTTON", "SELECT", "TEXTAREA", "VIDEO", "AUDIO", "CANVAS", "IFRAME",
    "OBJECT", "EMBED", "SVG", "METER", "PROGRESS"]);

  // Chromium's TextFromDescendants: the names of el's children, joined
  // with a space where they are not in the same line of text. It returns
  // the text, with the kinds of its first and last parts in st.first and
  // st.last: a span Chrome leaves out of its tree passes them on.
  /** @param {Element} el @param {NameState} st @param {NameRoot | null} root @param {CSSStyleDeclaration} cs @returns {string} */
  function contentOf(el, st, root, cs) {
    const open = root && root.open;
    const parentHidden = !open && cs && cs.visibility !== "visible" && cs.visibility !== "";
    let acc = "", prev = 0, lastFrom = fromContent, firstFrom = -1;
    let tt; // text-transform, read at the first text
    const rendered = !open || el.checkVisibility();
    const kids = flatChildren(el);
    const inShadow = st.shadow, kidShadow = inShadow || Boolean(el.shadowRoot || closedRoots.has(el));
    // The pieces: ::before (-1), the children, ::after (kids.length).
    for (let i = -1; i <= kids.length; i++) {
      let text, from = fromContent, endFrom, lay;
      if (i < 0 || i === kids.length) {
        st.shadow = inShadow;
        const p = rendered ? pseudoText(el, i < 0 ? "::before" : "::after", st) : null;
        if (!p) { continue; }
        text = p.text;
        from = p.from;
        lay = p.lay;
      } else {
        if (st.count > maxVisited) {
          i = kids.length - 1; // on to ::after
          continue;
        }
        // (An element, except in the branch that reads a text node's data.)
        const kid = /** @type {PageElement} */ (kids[i]);
        st.shadow = kidShadow;
        if (kid.nodeType === 3) {
          if (parentHidden) { continue; }
          text = /** @type {Text} */ (kids[i]).data;
          lay = inlineFlow;
          if (!/\S/.test(text)) {
            if (!text) { continue; }
            text = " ";
          } else if (st.seen && !root && !textSeen.has(kid)) {
            st.nh = 1; // text a person cannot see, in a name that doubles as text
            continue;
          } else {
            st.count++;
            if (rendered) {
              if (tt === undefined) { tt = cs.textTransform; }
              if (tt !== "none") { text = transform(text, tt, st); }
            }
          }
        } else if (kid.nodeType === 1) {
          const ktag = kid.tagName.toUpperCase();
          if (ktag === "SCRIPT" || ktag === "STYLE" || ktag === "TEMPLATE") { continue; }
          const kcs = styleOf(kid);
          if (hiddenFor(kid, ktag, root, kcs)) {
            // A visibility:hidden element is not in Chrome's tree; its
            // visible descendants take its place.
            if (open || kcs.display === "none" || kcs.visibility !== "hidden" || kid.getAttribute("aria-hidden") === "true" || kid.inert) { continue; }
            text = contentOf(kid, st, root, kcs);
            from = fromContent;
            lay = layoutOf(kcs, ktag);
          } else if (st.seen && !root && !index.has(kid) && kcs.display !== "contents" && ktag !== "SLOT" && !frameTags.has(ktag)) {
            // Not on the page for a person (clipped, off-screen, too small).
            if (/** @type {string} */ (kid.textContent).trim() || ktag === "IMG" || ktag === "INPUT") { st.nh = 1; }
            continue;
          } else {
            const krole = roleOf(kid);
            lay = layoutOf(ktag === "SLOT" ? null : kcs, ktag);
            if (controlLike.has(krole)) { lay |= setApart; }
            if (krole === "none" && ktag !== "IMG") {
              text = contentOf(kid, st, root, kcs);
            } else if (st.visited.has(kid) && !root) {
              text = "";
              st.first = st.last = fromContent;
            } else {
              text = textAlt(kid, krole, st, true, root, true);
            }
            from = /** @type {number} */ (st.first);
            endFrom = st.last;
          }
        } else {
          continue;
        }
      }
      // Chromium's ShouldInsertSpaceBetweenObjectsIfNeeded.
      if (text && prev && acc && !htmlSpaceCode(acc.charCodeAt(acc.length - 1)) && !htmlSpaceCode(text.charCodeAt(0)) &&
        ((prev | lay) & setApart || from === fromAttr || lastFrom === fromAttr)) {
        acc += " ";
      }
      acc += text;
      prev = lay;
      if (text) {
        lastFrom = endFrom === undefined ? from : endFrom;
        if (firstFrom < 0 && /\S/.test(text)) { firstFrom = from; }
      }
    }
    st.shadow = inShadow;
    return kind(st, acc, firstFrom < 0 ? fromContent : firstFrom, lastFrom);
  }

  // CSS text-transform, as Chrome's layout applies it to the text it names.
  /** @param {string} t @param {string} tt @param {NameState} st */
  function transform(t, tt, st) {
    switch (tt) {
      case "none": case "": return t;
      case "uppercase": return t.toUpperCase();
      case "lowercase": return t.toLowerCase();
      case "capitalize": return t.replace(/(^|[^\p{L}\p{N}'’])(\p{Ll})/gu, (m, a, b) => a + b.toUpperCase());
    }
    st.u = 1;
    return t;
  }

  // The text of a ::before or ::after box: CSS generated content, or the
  // alternative text given after a slash. Counters are not part of names.
  /** @param {Element} el @param {string} which @param {NameState} st */
  function pseudoText(el, which, st) {
    if (!mayHavePseudo(el, st)) { return null; }
    const ps = win.getComputedStyle(el, which);
    const c = ps.content;
    if (!c || c === "none" || c === "normal" || ps.display === "none") { return null; }
    let text = "", alt = null, i = 0;
    const n = c.length;
    while (i < n) {
      const ch = c[i];
      if (ch === " ") { i++; continue; }
      if (ch === '"' || ch === "'") {
        let s = "";
        i++;
        while (i < n && c[i] !== ch) {
          if (c[i] === "\\") {
            const m = /^[0-9a-fA-F]{1,6} ?/.exec(c.slice(i + 1, i + 8));
            if (m) {
              s += String.fromCodePoint(parseInt(m[0], 16));
              i += 1 + m[0].length;
            } else {
              s += c[i + 1] || "";
              i += 2;
            }
          } else {
            s += c[i++];
          }
        }
        i++;
        if (alt !== null) { alt += s; }
        else { text += s; }
        continue;
      }
      if (ch === "/") { alt = ""; i++; continue; }
      const m = /^([a-zA-Z-]+)(\()?/.exec(c.slice(i));
      if (!m) { st.u = 1; return null; }
      let arg = "";
      i += m[0].length;
      if (m[2]) {
        let depth = 1, q = "";
        while (i < n && depth) {
          const x = c[i++];
          if (q) { if (x === q) { q = ""; } } else if (x === '"' || x === "'") { q = x; }
          else if (x === "(") { depth++; }
          else if (x === ")") { depth--; if (!depth) { break; } }
          arg += x;
        }
      }
      const fn = m[1].toLowerCase();
      if (fn === "attr") {
        const v = el.getAttribute(arg.trim().split(/[\s,]/)[0]) || "";
        if (alt !== null) { alt += v; }
        else { text += v; }
      } else if (fn === "counter" || fn === "counters" || fn === "url" || fn.endsWith("gradient") || fn === "image-set") {
        // Counters are left out of names; images have no text.
      } else {
        st.u = 1; // quotes and the like: Chrome knows
      }
    }
    const lay = layoutOf(ps, "");
    if (alt !== null) { return { text: transform(alt, ps.textTransform, st), from: fromAttr, lay }; }
    return { text: transform(text, ps.textTransform, st), from: fromContent, lay };
  }

  // Whether el may have ::before or ::after content: the style sheets of
  // its tree scope are read once for rules that give those boxes content
  // (reading the style of two boxes per element is slow). A sheet that
  // cannot be read, or a selector that cannot be matched, means maybe.
  /** @type {Map<Node, string | null>} */
  const pseudoRules = new Map(); // tree scope -> selector list, "" none, null unknown
  /** @param {Element} el @param {NameState} st */
  function mayHavePseudo(el, st) {
    // (A detached element's root, itself, has no style sheets: see pseudoSelectors's catch.)
    const scope = st.shadow === false ? doc : /** @type {Document | ShadowRoot} */ (el.getRootNode());
    let sel = pseudoRules.get(scope);
    if (sel === undefined) {
      sel = pseudoSelectors(scope);
      pseudoRules.set(scope, sel);
    }
    if (sel === null) { return true; }
    if (sel === "") { return false; }
    try {
      return el.matches(sel);
    } catch (e) {
      pseudoRules.set(scope, null);
      return true;
    }
  }

  /** @param {Document | ShadowRoot} scope @returns {string | null} */
  function pseudoSelectors(scope) {
    /** @type {string[]} */
    const out = [];
    /** @param {Iterable<CSSRule & Partial<CSSImportRule & CSSStyleRule>>} rules @returns {boolean} */
    const visit = (rules) => {
      for (const r of rules) {
        if (r.styleSheet) { // @import
          if (!visit(r.styleSheet.cssRules)) { return false; }
          continue;
        }
        if (r.selectorText !== undefined && /:(before|after)\b/i.test(r.selectorText) && /** @type {CSSStyleRule} */ (r).style.getPropertyValue("content")) {
          for (const one of r.selectorText.split(",")) {
            if (!/:(before|after)\b/i.test(one)) { continue; }
            if (one.includes("&")) { return false; } // nested: relative to its parent rule
            out.push(one.replace(/::?(before|after)\b/gi, "") || "*");
          }
        }
        if (r.cssRules && r.cssRules.length && !visit(r.cssRules)) { return false; }
      }
      return true;
    };
    try {
      const sheets = [...scope.styleSheets, ...(scope.adoptedStyleSheets || [])];
      for (const sheet of sheets) { if (!visit(sheet.cssRules)) { return null; } }
    } catch (e) {
      return null; // a sheet from another origin
    }
    // Rules from outside reach into a shadow tree through ::part and
    // ::slotted: there, only the document's rules tell.
    if (scope !== doc && pseudoSelectors(doc) !== "") { return null; }
    return out.map((x) => x.trim() || "*").join(",");
  }

  return { nameOf, controlRoles, styles };
}
