// The host's page scripts, put together as Go puts them together and run
// in a jsdom window through node's vm module, for their unit tests.
//
// Go embeds the .js files and assembles them as text (see
// host/internal/observe/serializer.go, guard.go, page_constants.go and
// host/internal/act/page.go): the constants of page_constants.json written
// in place of __PAGE_CONSTANTS__, roles.js and accname.js spliced into
// serializer.js at its /*__ACCNAME__*/ placeholder, and each script called
// as an expression in the page's world. The functions below do the same
// with the same files, so the tests run the very text the host sends.
//
// jsdom has no layout: every element gets the box its data-box attribute
// gives ("x,y,w,h", else 0,0,100,20), elementFromPoint answers the element
// a test names (else nothing: not covered), and checkVisibility and
// isContentEditable, which jsdom lacks, follow the styles and attributes.

import { readFileSync } from "node:fs";
import vm from "node:vm";
import { JSDOM } from "jsdom";

const root = new URL("../../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");

/** page_constants.json, which Go shares with the page scripts. */
export const pageConstants = JSON.parse(read("host/internal/observe/page_constants.json"));

/** What page_constants.go's withPageConstants does. */
function withPageConstants(script) {
  return script.replace("__PAGE_CONSTANTS__", JSON.stringify(pageConstants));
}

/** The serializer as a function of its options (serializer.go's serializerFunc). */
export const serializerFunc = withPageConstants(read("host/internal/observe/serializer.js"))
  .replace("/*__ACCNAME__*/", read("host/internal/observe/roles.js") + "\n" + read("host/internal/observe/accname.js"))
  .trim()
  .replace(/\(__OPTIONS__\)$/, "");

/** guard.js with its constants (guard.go's guardSource). */
export const guardSource = withPageConstants(read("host/internal/observe/guard.js"));

/** act's page helpers (page.go's pageSource). */
export const pageSource = read("host/internal/act/page.js");

/**
 * A page: a jsdom window holding html, in which the host's scripts run.
 * @param {string} html the body's markup
 */
export function page(html) {
  const dom = new JSDOM(`<!doctype html><html><head><title>Test page</title></head><body>${html}</body></html>`, {
    runScripts: "outside-only",
    pretendToBeVisual: true,
    url: "http://127.0.0.1/test",
  });
  const win = dom.window;
  fakeLayout(win);
  const context = dom.getInternalVMContext();
  const run = (code) => vm.runInContext(code, context);
  return {
    window: win,
    document: win.document,
    /** Runs the serializer with the host's usual options and these, as serializer.go's serializerCall does. */
    serialize(extra = {}) {
      return JSON.parse(this.serializeAnswer(extra));
    },
    /** Runs the serializer as serialize does and returns its answer as the host gets it (a long one packed). */
    serializeAnswer(extra = {}) {
      const opts = { maxName: 160, maxText: 400, sensitive: testSensitive, notSensitive: testNotSensitive, ...extra };
      return run(`(globalThis.__diwallSerialize = ${serializerFunc})(${JSON.stringify(opts)})`);
    },
    /** Runs op of page.js, as page.go's helperCall does; answers its JSON, or a promise of it. */
    act(op, args) {
      const answer = run(`(globalThis.__diwallAct = ${pageSource})(${JSON.stringify(op)}, ${JSON.stringify(args)})`);
      return answer instanceof win.Promise || typeof answer?.then === "function" ? answer.then(JSON.parse) : JSON.parse(answer);
    },
    /** Starts guard.js, as guard.go's guardStartExpression does. */
    startGuard(opts) {
      const cues = { sensitive: testSensitive, notSensitive: testNotSensitive };
      return run(`(globalThis.__diwallGuardLib = (${guardSource})(${JSON.stringify(cues)}))(${JSON.stringify(opts)})`);
    },
  };
}

// Cues like sensitive.go's, shorter: the tests check how the scripts use
// them, not the host's lists.
const testSensitive = String.raw`\b(pass ?words?|card ?(number|code)|cvc|code)\b`;
const testNotSensitive = String.raw`\b(post ?code|promo ?code)\b`;

/** @param {import("jsdom").DOMWindow} win */
function fakeLayout(win) {
  const proto = win.Element.prototype;
  proto.getBoundingClientRect = function () {
    const [x, y, w, h] = (this.getAttribute("data-box") || "0,0,100,20").split(",").map(Number);
    return new win.DOMRect(x, y, w, h);
  };
  proto.getClientRects = function () {
    return [this.getBoundingClientRect()];
  };
  win.document.elementFromPoint = () => win.__hit || null;
  win.document.elementsFromPoint = () => [];
  proto.checkVisibility = function (opts = {}) {
    for (let e = this; e && e.nodeType === 1; e = e.parentElement) {
      const cs = win.getComputedStyle(e);
      if (cs.display === "none") {
        return false;
      }
      if (opts.opacityProperty && cs.opacity === "0") {
        return false;
      }
    }
    return !opts.visibilityProperty || win.getComputedStyle(this).visibility !== "hidden";
  };
  Object.defineProperty(win.HTMLElement.prototype, "isContentEditable", {
    get() {
      const ce = this.closest("[contenteditable]");
      return Boolean(ce) && ce.getAttribute("contenteditable") !== "false";
    },
  });
  Object.defineProperty(win.HTMLElement.prototype, "innerText", {
    get() {
      return this.textContent;
    },
  });
}
