// Diwall's page serializer. The host runs it in an isolated world of the
// tab's main frame (Runtime.evaluate) and gets back ONE JSON string: the
// viewport, and every node a person can perceive, in reading order, with
// the facts the host needs to decide roles, names, marks and masks. Page
// scripts cannot see or change this world's objects.
//
// It never reads frame contents, and never reads the value of a field that
// may be sensitive (the host passes the cues). It keeps references to the
// nodes it reported in globalThis.__diwall, for the host's later actions.
//
// The host substitutes the options placeholder at the end with a JSON object:
//   {maxName: int, maxText: int, sensitive: "<regexp source>",
//    notSensitive: "<regexp source>", snapshot: "<id>", read: bool, root: int}
// With read set it serves `read`: it walks the subtree of the snapshot's
// element root (or the whole page when root is -1), reports for each node
// its index in the snapshot (m), and leaves the snapshot as it was.
(function (opts) {
  "use strict";
  const sensitiveRe = new RegExp(opts.sensitive, "i");
  const notSensitiveRe = new RegExp(opts.notSensitive, "gi");
  const sensitiveAutocomplete = /\b(cc-number|cc-csc|cc-exp|cc-exp-month|cc-exp-year|one-time-code|current-password|new-password)\b/i;
  const win = window;
  const doc = document;
  const vw = win.innerWidth, vh = win.innerHeight;
  const sx = win.scrollX, sy = win.scrollY;
  const nodes = [];
  const els = []; // element of each node index (null for text)
  const index = new Map(); // element -> node index
  let hidden = 0;
  const prior = globalThis.__diwall;
  if (opts.read && (!prior || prior.snapshot !== opts.snapshot)) return JSON.stringify({ stale: true });
  const priorIndex = opts.read ? new Map(prior.els.map((e, i) => [e, i])) : null;

  const skipTags = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE", "BASE"]);
  const frameTags = new Set(["IFRAME", "FRAME", "OBJECT", "EMBED", "PORTAL", "FENCEDFRAME"]);
  const interactiveRoles = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider",
    "spinbutton", "listbox", "treeitem", "gridcell", "scrollbar"]);

  // Closed shadow roots the host found for us (DOM.describeNode with
  // pierce), keyed by their host element.
  const closedRoots = globalThis.__diwallRoots || new WeakMap();
  const closedCandidates = [];

  // label[for] maps, one per document or shadow root, built once each
  // (el.labels is slow on large pages).
  const labelMaps = new Map();
  function labelsFor(el) {
    const root = el.getRootNode();
    let m = labelMaps.get(root);
    if (!m) {
      m = new Map();
      for (const l of root.querySelectorAll("label[for]")) {
        const id = l.getAttribute("for");
        if (!m.has(id)) m.set(id, []);
        m.get(id).push(l);
      }
      labelMaps.set(root, m);
    }
    return m.get(el.id) || [];
  }

  const clip = (s, max) => {
    s = s.replace(/\s+/g, " ").trim();
    if (s.length <= max) return s;
    // Never half of a surrogate pair.
    const cut = /[\ud800-\udbff]/.test(s[max - 2]) ? max - 2 : max - 1;
    return s.slice(0, cut) + "…";
  };
  // Names go to the host whole, up to a bound; the host cuts them to size
  // the same way on both paths.
  const bound = (s) => s.length > 4 * opts.maxName ? s.slice(0, 4 * opts.maxName) : s;
  // Text nodes a person can see, as the walk found them (names of headings
  // and cells keep to these).
  const textSeen = new WeakSet();

  // Roles and accessible names (roleOf, nameOf, and the styles cache they
  // share with the walk) come from roles.js and accname.js, which
  // serializer.go splices in here.
/*__ACCNAME__*/

  function sensitiveCues(el, tag, name) {
    const type = (el.getAttribute("type") || "").toLowerCase();
    if (type === "password") return true;
    const ac = el.getAttribute("autocomplete") || "";
    if (sensitiveAutocomplete.test(ac)) return true;
    const cue = [el.getAttribute("name"), el.id, name, el.getAttribute("placeholder"), el.getAttribute("aria-label")].join(" ")
      .replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_\-.[\]]/g, " ").replace(notSensitiveRe, " ");
    return sensitiveRe.test(cue);
  }

  function states(el, tag, role) {
    const s = {};
    const aria = (a) => el.getAttribute(a);
    if (tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) s.checked = el.indeterminate ? "mixed" : el.checked;
    else if (aria("aria-checked") !== null) s.checked = aria("aria-checked") === "mixed" ? "mixed" : aria("aria-checked") === "true";
    if (el.disabled || aria("aria-disabled") === "true") s.disabled = true;
    if (aria("aria-expanded") !== null) s.expanded = aria("aria-expanded") === "true";
    else if (tag === "DETAILS") s.expanded = el.open;
    if (aria("aria-selected") !== null) s.selected = aria("aria-selected") === "true";
    else if (tag === "OPTION") s.selected = el.selected;
    if (el.required || aria("aria-required") === "true") s.required = true;
    if (el.readOnly || aria("aria-readonly") === "true") s.readonly = true;
    if (aria("aria-pressed") !== null) s.pressed = aria("aria-pressed") === "mixed" ? "mixed" : aria("aria-pressed") === "true";
    if (role === "heading") s.level = parseInt(aria("aria-level") || tag.slice(1), 10) || 2;
    const hp = aria("aria-haspopup");
    if (hp && hp !== "false") s.haspopup = hp === "true" ? "menu" : hp;
    if (aria("aria-invalid") === "true") s.invalid = true;
    return s;
  }

  function valueOf(el, tag, role) {
    if (tag === "INPUT") {
      const t = el.type;
      if (t === "checkbox" || t === "radio" || t === "button" || t === "submit" || t === "reset" || t === "image" || t === "file") return null;
      return el.value;
    }
    if (tag === "TEXTAREA") return el.value;
    if (tag === "SELECT") {
      const o = el.selectedOptions;
      return o && o.length ? Array.from(o, (x) => x.label || x.text).join(", ") : "";
    }
    const vn = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    if (vn !== null && (role === "slider" || role === "spinbutton" || role === "progressbar" || role === "meter" || role === "scrollbar")) return vn;
    if (tag === "PROGRESS" || tag === "METER") return String(el.value);
    return null;
  }

  // Whether the computed style makes an element's whole subtree impossible
  // for a person to perceive (beyond what checkVisibility covers).
  function clippedAway(cs, r) {
    if (cs.clip && cs.clip !== "auto" && /rect\(\s*0(px)?[ ,]+0(px)?[ ,]+0(px)?[ ,]+0(px)?\s*\)/.test(cs.clip)) return true;
    const cp = cs.clipPath;
    if (cp && cp !== "none") {
      const inset = /^inset\(\s*([\d.]+)%/.exec(cp);
      if (inset && parseFloat(inset[1]) >= 50) return true;
      if (/^circle\(\s*0(px|%)?[\s)]|^polygon\(\s*\)/.test(cp)) return true;
    }
    if (cs.overflow !== "visible" && cs.overflowX !== "visible" && r.width <= 1 && r.height <= 1) return true;
    return false;
  }

  function outsideDocument(r) {
    return r.right + sx <= 0 || r.bottom + sy <= 0;
  }

  function box(r) {
    return [Math.round(r.left * 10) / 10, Math.round(r.top * 10) / 10, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
  }

  function emit(node, el) {
    const i = nodes.length;
    if (priorIndex && el && priorIndex.has(el)) node.m = priorIndex.get(el);
    nodes.push(node);
    els.push(el);
    if (el) index.set(el, i);
    return i;
  }

  // walk visits el's children in reading order and returns the visible text
  // of the subtree (for names from content).
  function walkChildren(parentEl, parentIdx, parentStyle) {
    let text = "";
    const shadow = parentEl.shadowRoot || closedRoots.get(parentEl);
    const kids = shadow ? shadow.childNodes
      : parentEl.tagName === "SLOT" ? (parentEl.assignedNodes({ flatten: true }).length ? parentEl.assignedNodes({ flatten: true }) : parentEl.childNodes)
      : parentEl.childNodes;
    for (const n of kids) {
      if (n.nodeType === 3) {
        const t = n.data.replace(/\s+/g, " ");
        if (!t.trim()) { text += t; continue; }
        // Text of a visibility:hidden parent (parentStyle null), or too
        // small or transparent to see.
        if (!parentStyle || parentStyle.fontSize === "0px" || /rgba\([^)]*,\s*0\)$|transparent/.test(parentStyle.color)) { hidden++; continue; }
        text += t;
        textSeen.add(n);
        emit({ p: parentIdx, r: "text", tx: clip(t, opts.maxText) }, null);
      } else if (n.nodeType === 1) {
        text += walkElement(n, parentIdx);
      }
    }
    return text;
  }

  function walkElement(el, parentIdx) {
    const tag = el.tagName.toUpperCase();
    if (skipTags.has(tag)) return "";
    if (el.getAttribute("aria-hidden") === "true" || el.hidden && tag !== "SLOT") {
      if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea")) hidden++;
      return "";
    }
    const cs = win.getComputedStyle(el);
    styles.set(el, cs);
    if (cs.display === "contents") {
      return walkChildren(el, parentIdx, cs);
    }
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) {
      // visibility:hidden can be undone by a visible descendant.
      if (cs.visibility === "hidden" && cs.display !== "none" && cs.opacity !== "0" && el.querySelector("*")) {
        return walkChildren(el, parentIdx, null);
      }
      if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea,iframe")) hidden++;
      return "";
    }
    const r = el.getBoundingClientRect();
    if (clippedAway(cs, r) || outsideDocument(r)) {
      if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea")) hidden++;
      return "";
    }
    const role = roleOf(el);
    if (role === "") return ""; // <input type=hidden>
    const node = { p: parentIdx, r: role, tg: tag.toLowerCase() };
    // A link without href is a link to Chrome when it has click listeners,
    // which only Chrome sees.
    let uncertain = tag === "A" && role === "generic" && cs.cursor === "pointer" ? 1 : 0;
    // Media: Chrome names them from controls of its own.
    if (tag === "VIDEO" || tag === "AUDIO") uncertain = 1;

    if (frameTags.has(tag)) {
      // Frames are masked and never read.
      node.r = "iframe";
      node.fr = 1;
      node.n = bound(nameOf(el, "iframe").n);
      node.b = box(r);
      emit(node, el);
      return "";
    }

    const idx = emit(node, el);
    // A textarea's children are its value, already reported (or withheld);
    // so is the text of an editable region, which is withheld whole when
    // its cues say it holds a secret. (An editable region is never named
    // from its content: its name is known before its text is read.)
    const editable = el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable);
    let nm = editable ? nameOf(el, role) : null;
    const secretText = editable && sensitiveCues(el, tag, nm.n);
    if (tag !== "TEXTAREA" && !secretText && (el.childNodes.length || el.shadowRoot || closedRoots.has(el))) walkChildren(el, idx, cs);
    // The name comes after the walk: a name from content keeps to the text
    // the walk found visible, where it doubles as page text.
    if (!nm) nm = nameOf(el, role);
    if (nm.nf) node.nf = 1;
    if (nm.nh) node.nh = 1;
    uncertain |= nm.u;
    if (el.hasAttribute("aria-owns")) uncertain = 1;
    if (tag.includes("-") && !el.shadowRoot && !closedRoots.has(el) && r.width > 0 && r.height > 0) {
      // Rendered content with no light DOM and no open root: a closed
      // shadow root, which the host can open for us.
      if (!el.childElementCount) closedCandidates.push(idx);
    }

    node.n = bound(nm.n);
    const st = states(el, tag, role);
    if (Object.keys(st).length) node.s = st;

    let act = 0;
    if (interactiveRoles.has(role) || tag === "SUMMARY" || (tag === "A" && el.hasAttribute("href"))) act |= 1;
    const ti = el.getAttribute("tabindex");
    if (ti !== null && parseInt(ti, 10) >= 0) act |= 2;
    if (el.hasAttribute("onclick")) act |= 4;
    if (cs.cursor === "pointer" && !(el.parentElement && win.getComputedStyle(el.parentElement).cursor === "pointer")) act |= 8;
    if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) act |= 16;
    if (act) node.a = act;

    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || act & 16) {
      const sens = sensitiveCues(el, tag, node.n);
      node.cue = {
        t: (el.getAttribute("type") || "").toLowerCase(), ac: el.getAttribute("autocomplete") || "",
        nm: el.getAttribute("name") || "", id: el.id || "", ph: el.getAttribute("placeholder") || "",
      };
      if (sens) node.sx = 1;
      else {
        const v = valueOf(el, tag, role);
        if (v !== null) node.v = clip(v, opts.maxName);
      }
    } else {
      const v = valueOf(el, tag, role);
      if (v !== null) node.v = clip(v, opts.maxName);
    }
    if (r.width > 0 && r.height > 0) node.b = box(r);
    if (uncertain) node.u = 1;
    return "";
  }

  // pointer says where a pointer aimed at el lands: the centre of the part
  // of el inside the viewport, and the element on top there when it is not
  // el (a modal, a banner), with the index of that element or its nearest
  // reported ancestor (-1: none). With scroll, el is first scrolled into
  // view. It is kept with the snapshot, so that the action helpers decide
  // "covered" exactly as the observation did.
  function pointer(el, idx, scroll) {
    const w = window.innerWidth, h = window.innerHeight;
    let r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return { invisible: true };
    if (scroll && (r.top < 0 || r.left < 0 || r.bottom > h || r.right > w)) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      r = el.getBoundingClientRect();
    }
    const l = Math.max(r.left, 0), t = Math.max(r.top, 0), rr = Math.min(r.right, w), bb = Math.min(r.bottom, h);
    if (rr <= l || bb <= t) return { invisible: true };
    const x = (l + rr) / 2, y = (t + bb) / 2;
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) { // into open (and opened) shadow roots
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    const contains = (outer, inner) => {
      for (let n = inner; n; n = n.parentNode || n.host) if (n === outer) return true;
      return false;
    };
    // Not covered: el itself or its content, its label, or an ancestor el
    // lets clicks through to.
    if (!hit || contains(el, hit) || contains(hit, el) || (hit.tagName === "LABEL" && hit.control === el)) return { x, y };
    let by = -1;
    for (let c = hit; c; c = c.parentNode || c.host) {
      if (idx.has(c)) { by = idx.get(c); break; }
    }
    return { x, y, covered: by };
  }

  // Mark facts: for each actionable node in the viewport, whether another
  // element lies over its centre, and which.
  function coverage() {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (!n.a || !n.b) continue;
      const [x, y, w, h] = n.b;
      if (x + w <= 0 || y + h <= 0 || x >= vw || y >= vh) continue;
      n.iv = 1;
      const p = pointer(els[i], index, false);
      if (p.covered !== undefined) n.cov = p.covered;
    }
  }

  if (opts.read && opts.root >= 0) {
    const rootEl = prior.els[opts.root];
    if (!rootEl || !rootEl.isConnected) return JSON.stringify({ gone: true });
    walkElement(rootEl, -1);
  } else {
    const root = doc.body || doc.documentElement;
    if (root) walkChildren(root, -1, win.getComputedStyle(root));
  }
  if (!opts.read) coverage();

  let focus = -1;
  let ae = doc.activeElement;
  while (ae && ae.shadowRoot && ae.shadowRoot.activeElement) ae = ae.shadowRoot.activeElement;
  if (ae && index.has(ae)) focus = index.get(ae);

  if (!opts.read) globalThis.__diwall = { snapshot: opts.snapshot, els, index, pointer };
  const de = doc.documentElement;
  return JSON.stringify({
    vp: { w: vw, h: vh, sx, sy, ch: Math.max(de.scrollHeight, doc.body ? doc.body.scrollHeight : 0), cw: de.scrollWidth, dpr: win.devicePixelRatio },
    title: doc.title, url: location.href, hidden, focus, closed: closedCandidates, nodes,
  });
})(__OPTIONS__)
