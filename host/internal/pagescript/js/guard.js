// @ts-check
// Diwall's capture guard. The host runs it in the same isolated world as the
// page serializer: started just before the host asks for the screenshot,
// finished just after the screenshot came back. In between it knows where
// every sensitive field and frame was in every frame the page rendered, so
// that the masks cover them where they are in the image, not where they were
// when the page was read.
//
// While it runs it:
//  - holds still the running animations and transitions that could move or
//    reveal a watched element: those on the element or one of its ancestors
//    in the flat tree, and those of any element that animate a property
//    which changes layout. Those the compositor may run are paused
//    (Animation.pause, after their first frame), the others get a playback
//    rate of 0; all resume where they were at finish;
//  - measures the watched elements where the held animations had them over
//    the half second before they were held (a screenshot on a busy machine
//    may show a frame from before the pause reached the compositor);
//  - measures the watched elements when the animations are held, after
//    every DOM mutation (a MutationObserver: a script moving a field from a
//    timer or requestAnimationFrame is measured before the frame that shows
//    it) and every other change it can see (scrolls, loads, toggles, focus,
//    hover), at the frame after such a change, and at finish;
//  - notes what it cannot vouch for: an animation it did not hold that
//    moves a watched element on the compositor, a resize of the viewport, a
//    view transition, a page that changes without end, its own end.
// finish reports, for each watched element, the bounding box of all its
// visible positions, whether it moved, and why the report is not certain.
//
// Watched: every field whose cues make it sensitive (the serializer's cues),
// every frame, in the document and in open (and opened) shadow roots, those
// added while the guard runs, and the serializer's node indexes the host
// names (extra), for fields only the host's own check found sensitive.
//
// This module's default export is a function of the cues, {sensitive: "<regexp source>",
// notSensitive: "<regexp source>"}, that returns the guard's start function;
// the host keeps it in the isolated world and calls it with
//   {id: "<guard id>", snapshot: "<id>", extra: [int]}.
// start returns (or promises) a JSON string; the started guard is
// globalThis.__diwallGuard, whose finish() returns (or promises) the report.

import { labelsFinder } from "./labels.js";
import { cueTest, secretByKind } from "./sensitive.js";

/** @param {{sensitive: string, notSensitive: string}} cues */
export default function guardLibrary(cues) {
  const KEY = "__diwallGuard";
  const sensitiveText = cueTest(cues);

  /** @param {{id: string, snapshot: string, extra?: number[]}} opts */
  return function start(opts) {
    // A guard left by an observation that did not finish ends now.
    if (globalThis[KEY]) { globalThis[KEY].end(); }

    const win = window;
    const doc = document;
    const frameTags = new Set(["IFRAME", "FRAME", "OBJECT", "EMBED", "PORTAL", "FENCEDFRAME"]);
    const candidates = "input,textarea,select,[contenteditable],iframe,frame,object,embed,portal,fencedframe";
    const closedRoots = globalThis.__diwallRoots || null;
    // Properties whose animation changes no other element's layout: they can
    // move or reveal only the animated element and its descendants.
    const paintOnly = new Set(["opacity", "color", "background", "background-color", "background-image",
      "background-position", "background-position-x", "background-position-y", "background-size",
      "border-color", "border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
      "outline", "outline-color", "outline-width", "outline-style", "outline-offset", "box-shadow",
      "text-shadow", "filter", "backdrop-filter", "transform", "translate", "rotate", "scale",
      "transform-origin", "perspective", "perspective-origin", "visibility", "clip-path", "mask",
      "mask-position", "mask-size", "fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-dashoffset",
      "stop-color", "flood-color", "lighting-color", "caret-color", "accent-color", "text-decoration-color",
      "column-rule-color", "z-index", "mix-blend-mode", "cursor", "pointer-events"]);
    // Properties Chromium may animate on the compositor, whose frames do not
    // wait for the page: an animation of one is paused (Animation.pause,
    // which the compositor honours at the same time as the page) rather than
    // slowed to a playback rate of 0 (which it drew a frame ahead of the
    // page, measured).
    const compositable = new Set(["opacity", "transform", "translate", "rotate", "scale", "filter",
      "backdrop-filter", "background-color", "clip-path", "offset-path", "offset-distance", "offset-rotate",
      "offset-anchor", "offset-position"]);
    // How long start waits for paused animations to be held.
    const holdWait = 300;
    // Measurements per guard: a page that mutates without end is not
    // measured without end.
    const maxMeasures = 1000;
    // The guard ends itself if the host never finishes it.
    const lifetime = 8000;

    /** @type {{el: PageElement, frame: boolean, editable: boolean | undefined, box: number[] | null, moved: boolean, since: number}[]} */
    const watched = []; // {el, frame, editable, box: [x0, y0, x1, y1] | null, moved}
    const byEl = new Map();
    const ancestors = new Set(); // flat-tree inclusive ancestors of watched elements
    /** @type {(Document | ShadowRoot)[]} */
    const roots = []; // document and shadow roots observed
    const held = new Map(); // animation -> playbackRate before the guard
    let measures = 0;
    let uncertain = "";
    let scrolled = false;
    let measuring = false; // from the moment the animations are held
    let ended = false;
    const vw = win.innerWidth, vh = win.innerHeight;

    /** @param {Node & Partial<Slottable>} n @returns {Node | null} */
    const parentOf = (n) => {
      if (n.assignedSlot) { return n.assignedSlot; }
      const p = n.parentNode;
      return p && p.nodeType === 11 ? /** @type {Partial<ShadowRoot>} */ (p).host || null : p;
    };

    const labelsFor = labelsFinder();

    /** @param {PageElement} el */
    function sensitiveField(el) {
      const tag = el.tagName;
      const editable = el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable);
      if (tag !== "INPUT" && tag !== "TEXTAREA" && tag !== "SELECT" && !editable) { return false; }
      if ((el.getAttribute("type") || "").toLowerCase() === "hidden") { return false; }
      if (secretByKind(el)) { return true; }
      // The serializer's cues, and every other place a name can come from.
      const parts = [el.getAttribute("name"), el.id, el.getAttribute("placeholder"), el.getAttribute("aria-label"),
        el.getAttribute("title")];
      const lb = el.getAttribute("aria-labelledby");
      if (lb) {
        for (const id of lb.split(/\s+/)) {
          const root = /** @type {Node & Partial<NonElementParentNode>} */ (el.getRootNode());
          const ref = id && root.getElementById && root.getElementById(id);
          if (ref) { parts.push(ref.textContent); }
        }
      }
      if (el.id) { parts.push(...labelsFor(el).map((l) => l.textContent)); }
      const wrap = el.closest("label");
      if (wrap) { parts.push(wrap.textContent); }
      if (sensitiveText(parts.join(" "))) { return true; }
      return parts.some((p) => p && sensitiveText(p));
    }

    // The decisions of earlier guards in this document, with the attributes
    // they were made from: most fields have not changed since the last
    // observation. (A label whose text changed is not seen here; the host,
    // which decides, names a field the guard missed, and the image is taken
    // again with it watched.)
    const decided = globalThis.__diwallSensitive || (globalThis.__diwallSensitive = new WeakMap());
    const cueAttrs = ["type", "autocomplete", "name", "id", "placeholder", "aria-label", "title", "aria-labelledby", "contenteditable"];
    /** @param {PageElement} el */
    function cachedSensitive(el) {
      let sig = "";
      for (const a of cueAttrs) { sig += (el.getAttribute(a) || "") + "\u0000"; }
      const d = decided.get(el);
      if (d && d.sig === sig) { return d.sensitive; }
      const sensitive = sensitiveField(el);
      decided.set(el, { sig, sensitive });
      return sensitive;
    }

    // watch adds el when it is a frame or a sensitive field, or when the
    // host asked for it (named).
    /** @param {PageElement} el @param {boolean} [named] */
    function watch(el, named) {
      if (byEl.has(el)) { return; }
      const frame = frameTags.has(el.tagName);
      if (!named && !frame && !cachedSensitive(el)) { return; }
      // since: the measurements before it was watched.
      const w = { el, frame, editable: !frame && el.isContentEditable, box: null, moved: false, since: measures + 1 };
      watched.push(w);
      byEl.set(el, w);
      for (let n = /** @type {Node | null} */ (el); n && !ancestors.has(n); n = parentOf(n)) { ancestors.add(n); }
    }

    // scan watches the candidates in root and in the shadow roots under it,
    // and observes those roots.
    /** @param {Document | ShadowRoot} root */
    function scan(root) {
      observe(root);
      const found = /** @type {NodeListOf<PageElement>} */ (root.querySelectorAll(candidates));
      for (let i = 0; i < found.length; i++) { watch(found[i]); }
      shadowRoots(root);
    }

    // shadowRoots scans the shadow roots of the elements under root. (An
    // indexed loop over a live collection: iterating a static list of 10,000
    // elements cost several times more, measured.)
    /** @param {ParentNode & Partial<Pick<Element, "getElementsByTagName">>} root */
    function shadowRoots(root) {
      const all = root.getElementsByTagName ? root.getElementsByTagName("*") : root.querySelectorAll("*");
      for (let i = 0; i < all.length; i++) {
        const el = all[i];
        const sr = el.shadowRoot || (closedRoots && closedRoots.get(el));
        if (sr) { scan(sr); }
      }
    }

    /** @param {PageElement} el */
    function scanAdded(el) {
      if (el.matches(candidates)) { watch(el); }
      const sr = el.shadowRoot || (closedRoots && closedRoots.get(el));
      if (sr) { scan(sr); }
      const found = /** @type {NodeListOf<PageElement>} */ (el.querySelectorAll(candidates));
      for (let i = 0; i < found.length; i++) { watch(found[i]); }
      shadowRoots(el);
    }

    // What an animation may change. It affects a watched element when it
    // animates the element or an ancestor, or changes layout anywhere.
    /** @param {PageAnimation} a @returns {string[]} */
    function animatedProperties(a) {
      if (typeof a.transitionProperty === "string") { return [a.transitionProperty]; }
      const props = [];
      // (No effect throws: the callers take it as a change.)
      for (const kf of /** @type {KeyframeEffect} */ (a.effect).getKeyframes()) {
        for (const k of Object.keys(kf)) {
          if (k === "offset" || k === "computedOffset" || k === "easing" || k === "composite") { continue; }
          props.push(k.startsWith("--") ? k : k.replace(/^css(?=[A-Z])/, "").replace(/[A-Z]/g, (m) => "-" + m.toLowerCase()));
        }
      }
      return props;
    }
    /** @param {PageAnimation} a */
    function changesLayout(a) {
      try {
        return animatedProperties(a).some((p) => !paintOnly.has(p));
      } catch (e) {
        return true;
      }
    }
    /** @param {PageAnimation} a */
    function mayComposite(a) {
      try {
        return animatedProperties(a).some((p) => compositable.has(p) || p.startsWith("--"));
      } catch (e) {
        return true;
      }
    }
    const onWatched = (/** @type {PageAnimation} */ a) => Boolean(a.effect && a.effect.target && ancestors.has(a.effect.target));
    const viewTransition = (/** @type {PageAnimation} */ a) => Boolean(a.effect && a.effect.pseudoElement && a.effect.pseudoElement.startsWith("::view-transition"));

    function animations() {
      /** @type {Set<PageAnimation>} */
      const seen = new Set();
      for (const r of roots) {
        try {
          for (const a of r.getAnimations()) { seen.add(/** @type {PageAnimation} */ (a)); }
        } catch (e) { /* a root without getAnimations */ }
      }
      return seen;
    }

    // toHold lists the running animations that could move a watched element.
    function toHold() {
      /** @type {PageAnimation[]} */
      const list = [];
      if (!watched.length) { return list; }
      for (const a of animations()) {
        if (a.playState !== "running" || a.playbackRate === 0 || held.has(a)) { continue; }
        if (viewTransition(a)) { uncertain ||= "the page was in a view transition"; continue; }
        if (!a.effect || !a.effect.target) { continue; }
        if (onWatched(a) || changesLayout(a)) { list.push(a); }
      }
      return list;
    }

    // hold stops them, and returns those that stop at the next frame.
    /** @param {PageAnimation[]} list */
    function hold(list) {
      const paused = [];
      for (const a of list) {
        if (a.playState !== "running" || a.playbackRate === 0) { continue; }
        // Elsewhere than on a watched element or an ancestor, only what an
        // animation does to layout matters, and layout is the page's own.
        if (onWatched(a) && mayComposite(a)) {
          // A CSS animation paused here no longer follows
          // animation-play-state: the price of a frame without a leak.
          held.set(a, "paused");
          a.pause();
          paused.push(a);
        } else {
          held.set(a, a.playbackRate);
          a.playbackRate = 0;
        }
      }
      return paused;
    }

    function release() {
      for (const [a, was] of held) {
        try {
          if (was === "paused") {
            if (a.playState === "paused") { a.play(); }
          } else if (a.playbackRate === 0) {
            a.playbackRate = was;
          }
        } catch (e) { /* a cancelled animation */ }
      }
      held.clear();
    }

    // The compositor draws an animation it runs paused only from the frame
    // that carries the pause, which comes late on a busy machine: until then
    // a screenshot can show a frame from before it (seen: one to three
    // frames). So the watched elements are also measured where the held
    // animations had them over the half second before they were held, a
    // frame's time apart, and their masks cover that path; the animations
    // are then put back where they were held.
    const sweepFrames = 30;
    const frameMs = 1000 / 60;
    function sweep() {
      const list = [...held.keys()];
      if (!list.length) { return; }
      const at = list.map((a) => a.currentTime);
      /** @param {number} back how far back, in ms */
      const seek = (back) => list.forEach((a, i) => {
        const t = at[i];
        if (typeof t !== "number") { return; } // not started: nothing to move
        try { a.currentTime = back === 0 ? t : Math.max(0, t - back); } catch (e) { /* a cancelled animation */ }
      });
      for (let k = 1; k <= sweepFrames; k++) {
        seek(k * frameMs);
        for (const w of watched) { record(w); }
      }
      seek(0);
    }

    function measure() {
      if (!measuring || !watched.length) { return; }
      if (++measures > maxMeasures) {
        uncertain ||= "the page kept changing";
        return;
      }
      if (win.innerWidth !== vw || win.innerHeight !== vh) { uncertain ||= "the viewport changed size"; }
      // Pinch-zoomed, the image shows part of the layout viewport, where the
      // boxes are measured.
      const vv = win.visualViewport;
      if (vv && (vv.scale !== 1 || vv.offsetLeft !== 0 || vv.offsetTop !== 0)) { uncertain ||= "the page is pinch-zoomed"; }
      for (const w of watched) { record(w); }
    }

    // record measures one watched element, and grows its box to where it is.
    /** @param {typeof watched[number]} w */
    function record(w) {
      const el = w.el;
      if (!el.isConnected) { return; }
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) { return; }
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) { return; }
      let x0 = r.left, y0 = r.top, x1 = r.right, y1 = r.bottom;
      if (w.editable) {
        // Text that overflows an editable region shows outside its box.
        const range = doc.createRange();
        range.selectNodeContents(el);
        const t = range.getBoundingClientRect();
        if (t.width > 0 && t.height > 0) {
          x0 = Math.min(x0, t.left); y0 = Math.min(y0, t.top);
          x1 = Math.max(x1, t.right); y1 = Math.max(y1, t.bottom);
        }
      }
      const b = w.box;
      if (!b) {
        w.box = [x0, y0, x1, y1];
        if (w.since < measures) { w.moved = true; } // it appeared
        return;
      }
      if (Math.abs(b[0] - x0) > 0.01 || Math.abs(b[1] - y0) > 0.01 || Math.abs(b[2] - x1) > 0.01 || Math.abs(b[3] - y1) > 0.01) {
        w.moved = true;
        b[0] = Math.min(b[0], x0); b[1] = Math.min(b[1], y0);
        b[2] = Math.max(b[2], x1); b[3] = Math.max(b[3], y1);
      }
    }

    // Something may have moved a watched element: measure now, and again
    // at the next frame, with the layout that frame paints. (Measuring at
    // every frame instead made the page draw frames all along, which cost
    // the screenshot and the serializer 15-20 ms on a busy machine,
    // measured.) A change that lasts is measured at finish too, so only a
    // change that comes and goes unseen in between could escape, and every
    // way the guard knows for a page to change is seen: mutations, scrolls,
    // loads (images, fonts), toggles, focus and hover, animations.
    let raf = 0;
    const frameMeasure = () => { raf = 0; measure(); };
    function changed() {
      measure();
      if (measuring && !raf && watched.length) { raf = requestAnimationFrame(frameMeasure); }
    }
    const mo = new MutationObserver((records) => {
      for (const rec of records) {
        if (rec.type === "childList") {
          for (const n of rec.addedNodes) { if (n.nodeType === 1) { scanAdded(/** @type {PageElement} */ (n)); } }
        } else if (rec.type === "attributes" && rec.target.nodeType === 1 && /** @type {Element} */ (rec.target).matches(candidates)) {
          watch(/** @type {PageElement} */ (rec.target));
        }
      }
      changed();
    });
    const onScroll = () => { scrolled = true; changed(); };
    const onStart = (/** @type {Event} */ e) => {
      // An animation that started on a watched element or an ancestor may run
      // on the compositor, ahead of what the page measures.
      if (ancestors.has(e.target)) { uncertain ||= "an animation started on a sensitive field"; }
      changed();
    };
    const signals = ["load", "error", "toggle", "focusin", "focusout", "pointerover", "pointerout", "input",
      "transitionend", "transitioncancel", "animationend", "animationcancel", "fullscreenchange",
      "contentvisibilityautostatechange"];
    /** @param {Document | ShadowRoot} root */
    function observe(root) {
      if (roots.includes(root)) { return; }
      roots.push(root);
      mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      root.addEventListener("scroll", onScroll, { capture: true, passive: true });
      root.addEventListener("animationstart", onStart, true);
      root.addEventListener("transitionrun", onStart, true);
      for (const type of signals) { root.addEventListener(type, changed, { capture: true, passive: true }); }
    }
    const onResize = () => { uncertain ||= "the viewport changed size"; changed(); };
    const fonts = doc.fonts;

    function end() {
      if (ended) { return; }
      ended = true;
      measuring = false;
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      mo.disconnect();
      for (const r of roots) {
        r.removeEventListener("scroll", onScroll, { capture: true });
        r.removeEventListener("animationstart", onStart, true);
        r.removeEventListener("transitionrun", onStart, true);
        for (const type of signals) { r.removeEventListener(type, changed, { capture: true }); }
      }
      win.removeEventListener("scroll", onScroll, { capture: true });
      win.removeEventListener("resize", onResize);
      win.removeEventListener("hashchange", changed);
      if (fonts) { fonts.removeEventListener("loadingdone", changed); }
      release();
    }

    function report() {
      if (ended) { uncertain ||= "the guard ended before the image came back"; }
      measure();
      // An animation this guard did not hold that animates a watched element
      // or an ancestor runs on the compositor at a time the page does not see.
      for (const a of animations()) {
        if (a.playState === "running" && a.playbackRate !== 0 && !held.has(a)) {
          if (viewTransition(a)) { uncertain ||= "the page was in a view transition"; }
          else if (onWatched(a)) { uncertain ||= "an animation moved a sensitive field"; }
        }
      }
      end();
      const snap = globalThis.__diwall && globalThis.__diwall.snapshot === opts.snapshot ? globalThis.__diwall : null;
      const boxes = [];
      for (const w of watched) {
        if (!w.box) { continue; }
        const i = snap && snap.index.has(w.el) ? snap.index.get(w.el) : -1;
        const [x0, y0, x1, y1] = w.box;
        boxes.push({ i, b: [x0, y0, x1 - x0, y1 - y0], fr: w.frame ? 1 : 0, mv: w.moved ? 1 : 0 });
      }
      const watchedIdx = [];
      if (snap) { for (const w of watched) { if (snap.index.has(w.el)) { watchedIdx.push(snap.index.get(w.el)); } } }
      return JSON.stringify({ boxes, watched: watchedIdx, why: uncertain, measures, vp: [vw, vh] });
    }

    const g = {
      id: opts.id,
      end,
      // finish measures once more, lets the animations go and reports. After
      // a scroll it waits for the next frame first: the compositor may have
      // drawn a scroll the page had not yet seen.
      finish() {
        if (!scrolled) { return report(); }
        return new Promise((resolve) => {
          const t = setTimeout(() => { uncertain ||= "the page scrolled"; resolve(report()); }, 250);
          requestAnimationFrame(() => { clearTimeout(t); resolve(report()); });
        });
      },
    };

    scan(doc);
    if (opts.extra && opts.extra.length) {
      const snap = globalThis.__diwall;
      if (snap && snap.snapshot === opts.snapshot) {
        for (const i of opts.extra) {
          const el = snap.els[i];
          if (el && el.nodeType === 1) { watch(el, true); }
        }
      }
    }
    win.addEventListener("scroll", onScroll, { capture: true, passive: true });
    win.addEventListener("resize", onResize);
    win.addEventListener("hashchange", changed);
    if (fonts) { fonts.addEventListener("loadingdone", changed); }
    const timer = setTimeout(end, lifetime);
    globalThis[KEY] = g;
    // The window the guard vouches for opens once the animations are held:
    // the screenshot is asked for after start returns.
    const begin = () => {
      if (ended) { return JSON.stringify({ lost: true }); }
      measuring = true;
      measure();
      sweep();
      return JSON.stringify({ watched: watched.length, held: held.size });
    };
    const list = toHold();
    if (!list.length) { return begin(); }
    // An animation that has not started yet (pending) is left to start
    // first: paused before its first frame, the compositor drew it
    // elsewhere than the page said, measured.
    const settle = (/** @type {PageAnimation[]} */ animations) => Promise.race([
      Promise.allSettled(animations.map((a) => a.ready)).then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), holdWait)),
    ]);
    return (async () => {
      const starting = list.filter((a) => a.pending);
      if (starting.length && !(await settle(starting))) { uncertain ||= "an animation could not be held"; }
      const paused = hold(list);
      if (paused.length && !(await settle(paused))) { uncertain ||= "an animation could not be held"; }
      for (const a of paused) {
        if (a.pending || a.playState !== "paused") { uncertain ||= "an animation could not be held"; }
      }
      return begin();
    })();
  };
}
