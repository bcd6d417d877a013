// Prints, as JSON, the size and time of Playwright's AI snapshot (the text
// Playwright MCP returns for a page) of each URL given, in the same
// Chromium Diwall uses. For the comparison in `make bench-compare`.
//
//   node snapshot.mjs URL...
import { chromium } from "playwright-core";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/lib/chromium/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 713 } });
  for (const url of process.argv.slice(2)) {
    await page.goto(url);
    await page.ariaSnapshot({ mode: "ai" }); // warm
    const times = [];
    let snap = "";
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      snap = await page.ariaSnapshot({ mode: "ai" });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(JSON.stringify({ url, chars: snap.length, tokens: Math.round(snap.length / 4), ms: Math.round(times[2]) }));
  }
} finally {
  await browser.close();
}
