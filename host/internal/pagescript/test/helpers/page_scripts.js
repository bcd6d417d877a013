// The host's page scripts, as the host sends them, run in a jsdom
// window through node's vm module, for their unit tests.
//
// The text is the Go package's own (pagescript.go): `go run ./assembled`
// prints every script as the host sends it, the modules bundled (bundled/,
// made by ./bundle: run go generate after changing one), so the tests run
// the very text the host sends. Each is
// called here as the host calls it in the page's world.
//
// jsdom has no layout: every element gets the box its data-box attribute
// gives ("x,y,w,h", else 0,0,100,20), elementFromPoint answers the element
// a test names (else nothing: not covered), and checkVisibility and
// isContentEditable, which jsdom lacks, follow the styles and attributes.

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { JSDOM } from "jsdom";

/** What `go run ./assembled` prints: the scripts by name, and the constants. */
const assembled = JSON.parse(
  execFileSync(process.env.GO || "go", ["run", "./assembled"], {
    cwd: fileURLToPath(new URL("../../", import.meta.url)),
    encoding: "utf8",
    maxBuffer: 16 << 20,
  }),
);

/** The scripts as the host sends them, by name (pagescript.All). */
export const scripts = assembled.scripts;

/** page_constants.json, which the host shares with the page scripts. */
export const pageConstants = assembled.constants;

/** The serializer as a function of its options (pagescript.Serializer). */
export const serializerFunc = scripts.serializer;

/** The capture guard (pagescript.Guard). */
export const guardSource = scripts.guard;

/** act's page helpers (pagescript.Act). */
export const pageSource = scripts.act;

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
    /** Calls the script the host sends as name with args (JSON values); an expression (no args) is evaluated. */
    call(name, ...args) {
      return run(args.length ? `(${scripts[name]})(${args.map((a) => JSON.stringify(a)).join(", ")})` : scripts[name]);
    },
    /** Runs code in the page's world (the host's isolated world in a browser). */
    run,
    /** Runs the serializer with the host's usual options and these, as observe's serializer.go does. */
    serialize(extra = {}) {
      return JSON.parse(this.serializeAnswer(extra));
    },
    /** Runs the serializer as serialize does and returns its answer as the host gets it (a long one packed). */
    serializeAnswer(extra = {}) {
      const opts = { maxName: 160, maxText: 400, sensitive: testSensitive, notSensitive: testNotSensitive, ...extra };
      return run(`(globalThis.__diwallSerialize = ${serializerFunc})(${JSON.stringify(opts)})`);
    },
    /** Runs op of act.js, as act's page.go does; answers its JSON, or a promise of it. */
    act(op, args) {
      const answer = run(`(globalThis.__diwallAct = ${pageSource})(${JSON.stringify(op)}, ${JSON.stringify(args)})`);
      return answer instanceof win.Promise || typeof answer?.then === "function" ? answer.then(JSON.parse) : JSON.parse(answer);
    },
    /** Runs op of login.js, as login's login.go does; answers its JSON, or a promise of it. */
    login(op, args) {
      const answer = run(`(${scripts.login})(${JSON.stringify(op)}, ${JSON.stringify(args)})`);
      return answer instanceof win.Promise || typeof answer?.then === "function" ? answer.then(JSON.parse) : JSON.parse(answer);
    },
    /** Starts guard.js, as observe's guard.go does. */
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
