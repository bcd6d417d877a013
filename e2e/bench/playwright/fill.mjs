// Times Playwright filling a form, in the same Chromium Diwall uses, for the
// comparison in `make bench-compare`. Fields are found as Playwright MCP
// finds them: by the refs of its AI snapshot (aria-ref=eN).
//
//   node fill.mjs URL SPEC RUNS
//
// SPEC is JSON: {fields: [{role, name, kind: "fill"|"select"|"check", value}],
// submit: {role, name}, type: {role, name, value}}. Prints one JSON line:
// medians in ms of
//   fill_click:     every field filled (locator.fill / selectOption / check),
//                   then the submit clicked and its page loaded: the library
//                   alone;
//   mcp_fill_click: the same as Playwright MCP's browser_fill_form then
//                   browser_click do it: each call ends with the AI snapshot
//                   it returns (the MCP wire and its fixed waits excluded);
//   fill_one:       one locator.fill of the type field;
//   mcp_type:       the same plus the snapshot browser_type returns.
import { chromium } from "playwright-core";

const [url, specJSON, runsArg] = process.argv.slice(2);
const spec = JSON.parse(specJSON);
const runs = Number(runsArg || 5);

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
  if (!ref) throw new Error(`no ${role} "${name}" in the snapshot: ${[...map.keys()].join(", ")}`);
  return page.locator(`aria-ref=${ref}`);
}

async function fillAll(page, map) {
  for (const f of spec.fields) {
    const loc = locate(page, map, f.role, f.name);
    if (f.kind === "select") await loc.selectOption(f.value);
    else if (f.kind === "check") await loc.setChecked(true);
    else await loc.fill(f.value);
  }
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

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)] * 10) / 10;
};

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 713 } });
  const out = { fill_click: [], mcp_fill_click: [], fill_one: [], mcp_type: [] };
  for (let i = 0; i < runs + 1; i++) {
    for (const mcp of [false, true]) {
      await page.goto(url);
      const map = refs(await page.ariaSnapshot({ mode: "ai" }));
      const t0 = performance.now();
      await fillAll(page, map);
      if (mcp) await page.ariaSnapshot({ mode: "ai" });
      await clickAndLoad(page, locate(page, map, spec.submit.role, spec.submit.name));
      if (mcp) await page.ariaSnapshot({ mode: "ai" });
      const took = performance.now() - t0;
      if (i > 0) out[mcp ? "mcp_fill_click" : "fill_click"].push(took); // the first run warms up
    }
    await page.goto(url);
    const map = refs(await page.ariaSnapshot({ mode: "ai" }));
    const field = locate(page, map, spec.type.role, spec.type.name);
    for (const mcp of [false, true]) {
      const t0 = performance.now();
      await field.fill(spec.type.value + (mcp ? " again" : ""));
      if (mcp) await page.ariaSnapshot({ mode: "ai" });
      if (i > 0) out[mcp ? "mcp_type" : "fill_one"].push(performance.now() - t0);
    }
  }
  console.log(JSON.stringify(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, median(v)]))));
} finally {
  await browser.close();
}
