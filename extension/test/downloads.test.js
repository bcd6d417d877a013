import assert from "node:assert/strict";
import { test } from "node:test";

import { allowedFetchEnable } from "../src/cdp_allowlist.js";
import { AgentDownloads, ATTRIBUTION_MS, baseName } from "../src/downloads.js";
import { pausedParams, releasePaused, sentParams } from "../src/events.js";

/** An AgentDownloads over a fake chrome.downloads, with what it did. */
function setup({ agentTabs = true } = {}) {
  /** @type {string[]} */
  const did = [];
  /** @type {[string, any][]} */
  const events = [];
  let now = 1_000_000;
  const downloads = new AgentDownloads({
    api: {
      cancel: async (id) => void did.push(`cancel ${id}`),
      erase: async ({ id }) => void did.push(`erase ${id}`),
    },
    emit: (event, params) => events.push([event, params]),
    hasAgentTabs: async () => agentTabs,
    now: () => now,
  });
  return { downloads, did, events, advance: (/** @type {number} */ ms) => (now += ms) };
}

test("a download of an agent tab is cancelled before it is named, and reported", async () => {
  const { downloads, did, events } = setup();
  downloads.note(5, "http://127.0.0.1:8000/notes.txt");
  let suggested = 0;
  await downloads.determining(
    { id: 3, url: "http://127.0.0.1:8000/notes.txt", mime: "text/plain", filename: "/home/p/Downloads/notes.txt", totalBytes: 40 },
    () => suggested++,
  );
  assert.deepEqual(did, ["cancel 3", "erase 3"]);
  assert.equal(suggested, 1);
  assert.deepEqual(events, [
    [
      "download.intercepted",
      { tab_id: 5, url: "http://127.0.0.1:8000/notes.txt", final_url: "http://127.0.0.1:8000/notes.txt", mime: "text/plain", suggested_name: "notes.txt", total_bytes: 40 },
    ],
  ]);
});

test("the person's own download goes on untouched and unreported", async () => {
  const { downloads, did, events } = setup({ agentTabs: false });
  let suggested = 0;
  await downloads.determining({ id: 4, url: "https://example.com/mine.zip" }, () => suggested++);
  assert.deepEqual(did, []);
  assert.deepEqual(events, []);
  assert.equal(suggested, 1);
});

test("a download waits a little for its agent tab's word, then goes on as the person's", async () => {
  const { downloads, did, events } = setup();
  let suggested = 0;
  const pending = downloads.determining({ id: 6, url: "blob:http://127.0.0.1:8000/1", finalUrl: "blob:http://127.0.0.1:8000/1" }, () => suggested++);
  downloads.note(9, "blob:http://127.0.0.1:8000/1");
  await pending;
  assert.deepEqual(did, ["cancel 6", "erase 6"]);
  assert.equal(events[0][1].tab_id, 9);

  const mine = await downloads.determining({ id: 7, url: "https://example.com/other.zip" }, () => suggested++);
  assert.equal(mine, undefined);
  assert.equal(suggested, 2);
  assert.equal(events.length, 1);
});

test("an attribution is forgotten after a while", async () => {
  const { downloads, events, advance } = setup({ agentTabs: false });
  downloads.note(5, "http://127.0.0.1:8000/a.csv");
  advance(ATTRIBUTION_MS + 1);
  await downloads.determining({ id: 1, url: "http://127.0.0.1:8000/a.csv" }, () => {});
  assert.deepEqual(events, []);
});

test("baseName keeps the file name only", () => {
  assert.equal(baseName("/home/p/Downloads/a b.csv"), "a b.csv");
  assert.equal(baseName("C:\\Users\\p\\x.pdf"), "x.pdf");
  assert.equal(baseName(""), "");
});

test("Fetch.enable is allowed for document responses, and with the guarded requests, only", () => {
  const ok = { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Response" }] };
  assert.equal(allowedFetchEnable(ok), true);
  const guarded = {
    patterns: [
      ok.patterns[0],
      ...["Document", "XHR", "Fetch", "Ping", "Other"].map((resourceType) => ({ urlPattern: "*", resourceType, requestStage: "Request" })),
    ],
  };
  assert.equal(allowedFetchEnable(guarded), true);
  for (const bad of [
    undefined,
    {},
    { patterns: [] },
    { patterns: [{ urlPattern: "*", resourceType: "XHR", requestStage: "Response" }] },
    { patterns: [{ urlPattern: "*", requestStage: "Request" }] },
    { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Response" }], handleAuthRequests: true },
    { patterns: [ok.patterns[0], ok.patterns[0]] },
    { patterns: guarded.patterns.slice(0, 3) },
    { patterns: [...guarded.patterns, { urlPattern: "*", resourceType: "Image", requestStage: "Request" }] },
    { patterns: [...guarded.patterns.slice(1), guarded.patterns[0]] },
    { patterns: guarded.patterns.map((p) => ({ ...p, urlPattern: "http://*" })) },
  ]) {
    assert.equal(allowedFetchEnable(bad), false, JSON.stringify(bad));
  }
});

test("a paused response is forwarded without cookies or other headers", () => {
  const got = pausedParams({
    requestId: "interception-1",
    frameId: "F",
    resourceType: "Document",
    request: { url: "http://127.0.0.1/a.csv", method: "GET", headers: { Cookie: "sid=secret" } },
    responseStatusCode: 200,
    responseHeaders: [
      { name: "Content-Type", value: "text/csv" },
      { name: "Set-Cookie", value: "sid=secret" },
      { name: "Content-Disposition", value: 'attachment; filename="a.csv"' },
    ],
  });
  assert.deepEqual(got, {
    requestId: "interception-1",
    frameId: "F",
    resourceType: "Document",
    request: { url: "http://127.0.0.1/a.csv", method: "GET" },
    responseStatusCode: 200,
    responseHeaders: { "content-type": "text/csv", "content-disposition": 'attachment; filename="a.csv"' },
  });
  assert.doesNotMatch(JSON.stringify(got), /secret/);
});

test("one word of an agent tab stands for one download", async () => {
  const { downloads, events } = setup({ agentTabs: false });
  downloads.note(5, "http://127.0.0.1:8000/a.csv");
  await downloads.determining({ id: 1, url: "http://127.0.0.1:8000/a.csv" }, () => {});
  await downloads.determining({ id: 2, url: "http://127.0.0.1:8000/a.csv" }, () => {});
  assert.equal(events.length, 1);
});

test("of the requests a page begins, only those that are not a GET are forwarded, without headers or body", () => {
  const post = {
    requestId: "9.1",
    type: "Fetch",
    request: { url: "http://127.0.0.1/pay", method: "POST", headers: { Cookie: "sid=secret" }, postData: "card=4242" },
    initiator: { type: "script" },
  };
  assert.deepEqual(sentParams(post), { requestId: "9.1", type: "Fetch", request: { url: "http://127.0.0.1/pay", method: "POST" } });
  for (const method of ["GET", "HEAD", "OPTIONS"]) {
    assert.equal(sentParams({ ...post, request: { ...post.request, method } }), undefined, method);
  }
  assert.equal(sentParams(undefined), undefined);
});

test("with no host to decide, a paused response goes on and a held request is failed", async () => {
  /** @type {any[]} */
  const sent = [];
  const sessions = /** @type {any} */ ({ send: async (/** @type {any[]} */ ...args) => void sent.push(args) });
  await releasePaused(sessions, 4, { requestId: "interception-7", request: { url: "http://x/" }, responseStatusCode: 200 });
  await releasePaused(sessions, 4, { requestId: "interception-8", request: { url: "http://x/" }, responseErrorReason: "Failed" });
  await releasePaused(sessions, 4, { requestId: "interception-9", request: { url: "http://x/", method: "POST" } });
  await releasePaused(sessions, 4, {});
  assert.deepEqual(sent, [
    [4, "Fetch.continueRequest", { requestId: "interception-7" }],
    [4, "Fetch.continueRequest", { requestId: "interception-8" }],
    [4, "Fetch.failRequest", { requestId: "interception-9", errorReason: "Aborted" }],
  ]);
});

test("the first word about a URL stands: a popup's download is its opener's", async () => {
  const { downloads, events } = setup({ agentTabs: false });
  downloads.note(5, "http://127.0.0.1:8000/a.csv"); // the opener's page opened a tab on it
  downloads.note(9, "http://127.0.0.1:8000/a.csv"); // the new tab began to load it
  await downloads.determining({ id: 1, url: "http://127.0.0.1:8000/a.csv" }, () => {});
  assert.equal(events[0][1].tab_id, 5);
});
