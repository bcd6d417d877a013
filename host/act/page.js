// Diwall's action helpers. The host runs this in its isolated world of the
// tab's main frame, as `(function (op, args) {...})("<op>", {...})`, and
// gets back one JSON string. They find the element the model named, by the
// reference kept when the snapshot was taken (never by a selector or a
// position), so a re-rendered page can only give "gone", never another
// element. They only read the page, scroll it, focus and set a <select>;
// clicks and keys are real input events sent by the host.
(function (op, args) {
  "use strict";
  const state = globalThis.__diwall;
  const out = (v) => JSON.stringify(v);
  if (op === "scrollPos") {
    return out({ x: window.scrollX, y: window.scrollY });
  }
  if (op === "hasText") {
    const text = (document.body && document.body.innerText) || "";
    return out({ found: text.toLowerCase().includes(args.text.toLowerCase()) });
  }
  if (!state || state.snapshot !== args.snapshot) return out({ stale: true });

  function element(i) {
    const el = state.els[i];
    if (!el || !el.isConnected) return null;
    return el;
  }

  // Where a pointer would land on el (scrolled into view), and what covers
  // it: the snapshot's own rule, kept by the serializer.
  function target(el) {
    return state.pointer(el, state.index, true);
  }

  function optionLabel(o) {
    return (o.label || o.textContent || "").replace(/\s+/g, " ").trim();
  }

  function matches(text, wanted) {
    const a = text.replace(/\s+/g, " ").trim().toLowerCase();
    return a === wanted.trim().toLowerCase();
  }

  switch (op) {
    case "locate": {
      const el = element(args.i);
      if (!el) return out({ gone: true });
      const disabled = !!(el.disabled || el.getAttribute("aria-disabled") === "true");
      // Date and time fields take typed digits from their first part, which
      // a click in their middle would skip.
      const segmented = el.tagName === "INPUT" && /^(date|time|datetime-local|month|week)$/.test(el.type);
      return out({ ...target(el), disabled, segmented });
    }
    case "focus": {
      const el = element(args.i);
      if (!el) return out({ gone: true });
      el.focus({ preventScroll: false });
      const root = el.getRootNode();
      return out({ focused: root.activeElement === el || el.contains(root.activeElement) });
    }
    case "selectAll": {
      const el = element(args.i);
      if (!el) return out({ gone: true });
      if (typeof el.select === "function") el.select();
      else {
        const range = document.createRange();
        range.selectNodeContents(el);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
      }
      return out({ ok: true });
    }
    case "checked": {
      const el = element(args.i);
      if (!el) return out({ gone: true });
      if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio")) return out({ checked: el.checked });
      const a = el.getAttribute("aria-checked") ?? el.getAttribute("aria-pressed") ?? el.getAttribute("aria-selected");
      return out({ checked: a === null ? null : a === "true" });
    }
    case "selectNative": {
      // A <select> is set as a person's choice would set it: the options
      // chosen, then input and change events.
      const el = element(args.i);
      if (!el) return out({ gone: true });
      if (el.tagName !== "SELECT") return out({ notSelect: true });
      if (el.disabled) return out({ disabled: true });
      const opts = Array.from(el.options);
      const chosen = [];
      for (const want of args.values) {
        const o = opts.find((o) => matches(optionLabel(o), want)) || opts.find((o) => o.value === want);
        if (!o) return out({ missing: want, options: opts.map(optionLabel).slice(0, 50) });
        chosen.push(o);
      }
      if (!el.multiple && chosen.length > 1) return out({ single: true });
      for (const o of opts) o.selected = chosen.includes(o);
      el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
      return out({ chosen: chosen.map(optionLabel) });
    }
    case "findOption": {
      // An ARIA listbox's option, by its text or value, searched in the
      // popup the combobox controls, else among visible options.
      const el = element(args.i);
      let scope = document;
      const ctl = el && (el.getAttribute("aria-controls") || el.getAttribute("aria-owns"));
      if (ctl) scope = el.getRootNode().getElementById ? el.getRootNode().getElementById(ctl.split(/\s+/)[0]) || document : document;
      if (el && el.getAttribute("role") === "listbox") scope = el;
      const options = Array.from(scope.querySelectorAll('[role="option"]')).filter((o) => o.checkVisibility());
      const o = options.find((o) => matches(o.getAttribute("aria-label") || o.textContent || "", args.value)) ||
        options.find((o) => o.getAttribute("data-value") === args.value || o.getAttribute("value") === args.value);
      if (!o) return out({ missing: args.value, options: options.map((o) => (o.textContent || "").trim()).slice(0, 50) });
      return out(target(o));
    }
  }
  return out({ unknown: op });
})
