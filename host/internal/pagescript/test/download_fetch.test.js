// The download fetcher (js/download_fetch.js), as the host sends it: it
// reads a download the page holds and hands it over in base64 pieces.
import assert from "node:assert/strict";
import { test } from "node:test";

import { scripts } from "./helpers/page_scripts.js";

test("the host's page function hands a download over in base64 pieces", async () => {
  const fn = (0, eval)(scripts.downloadFetch);
  const opened = JSON.parse(await fn("open", "data:text/csv;base64,YSxiCjEsMgo=", "", 0, 0));
  assert.equal(opened.size, 8);
  assert.equal(opened.type, "text/csv");
  assert.equal(await fn("read", "", opened.token, 0, 4), Buffer.from("a,b\n").toString("base64"));
  assert.equal(await fn("read", "", opened.token, 4, 100), Buffer.from("1,2\n").toString("base64"));
  assert.equal(await fn("close", "", opened.token, 0, 0), "{}");
  assert.equal(await fn("read", "", opened.token, 0, 4), "{}"); // forgotten
  await assert.rejects(fn("open", "data:,x".replace("data:", "http://127.0.0.1:1/"), "", 0, 0));
});
