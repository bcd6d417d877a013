// Times Playwright filling a form, in the same Chromium Diwall uses, for the
// comparison in `make bench-compare`. Fields are found as Playwright MCP
// finds them: by the refs of its AI snapshot (aria-ref=eN).
//
//   node fill.mjs URL SPEC
//
// SPEC is JSON: {fields: [{role, name, kind: "fill"|"select"|"check", value}],
// submit: {role, name}, type: {role, name, value}}. Then each line read on
// stdin runs one measurement and prints one JSON line {cmd, ms}, so that
// the caller can take turns with Diwall under the same load:
//   fill:     every field filled (locator.fill / selectOption / check),
//             then the submit clicked and its page loaded: the library alone;
//   mcp_fill: the same as Playwright MCP's browser_fill_form then
//             browser_click do it: each ref resolved first (refLocators),
//             each call ending with the AI snapshot it returns; the MCP
//             wire, and the fixed wait its waitForCompletion makes after a
//             click (500 ms in its source), are left out;
//   type:     one locator.fill of the type field;
//   mcp_type: the same as browser_type: the ref resolved, the fill, the
//             snapshot.
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const [url, specJSON] = process.argv.slice(2);
const spec = JSON.parse(specJSON);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/lib/chromium/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

// refs maps "role name" to the ref of an AI snapshot.
function refs(snapshot) {
  const out = new Map();
  for (const line of snapshot.split("\n")) {
    const m = /- (\w+) "((?:[^"\\]|\\.)*)".*\[ref=(\w+)\]/.exec(line);
    if (m && !out.has(m[1] + " " + m[2])) out.set(m[1] + " " + m[2], m[3]);
  }
  return out;
}

function locate(page, map, role, name) {
  const ref = map.get(role + " " + name);
  if (!ref) throw new Error(`no ${role} "${name}" in the snapshot`);
  return page.locator(`aria-ref=${ref}`);
}

// clickAndLoad clicks, and when the click navigated, waits for the load
// (what Playwright MCP's waitForCompletion does, less its fixed waits).
async function clickAndLoad(page, loc) {
  let navigated = false;
  const onNav = (frame) => {
    if (frame === page.mainFrame()) navigated = true;
  };
  page.on("framenavigated", onNav);
  try {
    await loc.click();
    if (navigated) await page.waitForLoadState("load");
  } finally {
    page.off("framenavigated", onNav);
  }
}

const page = await browser.newPage({ viewport: { width: 1280, height: 713 } });

// ref resolves a ref before acting, as Playwright MCP's tab.refLocators
// does (locator._resolveSelector, one query of the page; this version of
// playwright-core has no such method, so the same query is made with
// count()), when mcp is set.
async function ref(loc, mcp) {
  if (mcp) await loc.count();
  return loc;
}

async function fill(mcp) {
  await page.goto(url);
  const map = refs(await page.ariaSnapshot({ mode: "ai" }));
  const t0 = performance.now();
  for (const f of spec.fields) {
    const loc = await ref(locate(page, map, f.role, f.name), mcp);
    if (f.kind === "select") await loc.selectOption(f.value);
    else if (f.kind === "check") await loc.setChecked(true);
    else await loc.fill(f.value);
  }
  if (mcp) await page.ariaSnapshot({ mode: "ai" });
  await clickAndLoad(page, await ref(locate(page, map, spec.submit.role, spec.submit.name), mcp));
  if (mcp) await page.ariaSnapshot({ mode: "ai" });
  return performance.now() - t0;
}

async function type(mcp) {
  await page.goto(url);
  const field = locate(page, refs(await page.ariaSnapshot({ mode: "ai" })), spec.type.role, spec.type.name);
  const t0 = performance.now();
  await (await ref(field, mcp)).fill(spec.type.value);
  if (mcp) await page.ariaSnapshot({ mode: "ai" });
  return performance.now() - t0;
}

const run = { fill: () => fill(false), mcp_fill: () => fill(true), type: () => type(false), mcp_type: () => type(true) };
try {
  for await (const line of createInterface({ input: process.stdin })) {
    const cmd = line.trim();
    if (!run[cmd]) throw new Error(`unknown command ${cmd}`);
    const ms = await run[cmd]();
    console.log(JSON.stringify({ cmd, ms: Math.round(ms * 10) / 10 }));
  }
} finally {
  await browser.close();
}
