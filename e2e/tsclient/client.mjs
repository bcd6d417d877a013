// @ts-check
// Drives `diwall mcp` with the official TypeScript MCP SDK client, as
// e2e/tsclient_test.go (TestTypeScriptClient) asks, and prints one JSON
// line of what it found: {failures, calls, progress, cancel, tokens,
// versions}. The test fails on any failure; the rest is for its log.
//
// Usage: node client.mjs '<config JSON>', the config being
//   {bin, launchArgs, plainArgs, url, versions, deadlineMs}
// with the environment (DIWALL_HOME, TMPDIR) diwall runs in.
//
// It checks, with the SDK's own numeric progress tokens on every call:
//   - every tool tools/list lists answers a well-formed result (ok, or a
//     clean tool error), and diwall stays up;
//   - progress the host sends (a handoff waits for the person, here an
//     elicitation this client answers late) reaches the call that asked;
//   - a call aborted mid-way (notifications/cancelled) leaves the session
//     working;
//   - each protocol version go-sdk negotiates: a fresh client forced to it
//     initializes (or, from 2026-07-28, discovers) with it, lists the
//     tools and calls one.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const cfg = JSON.parse(process.argv[2] ?? '{}');
/** @type {{failures: string[], calls: any[], progress: any, cancel: any, tokens: any[], versions: any[], listed?: string[], clientErrors?: string[]}} */
const out = { failures: [], calls: [], progress: {}, cancel: {}, tokens: [], versions: [] };
/** @param {string} msg */
const fail = msg => out.failures.push(msg);
const sleep = (/** @type {number} */ ms) => new Promise(resolve => setTimeout(resolve, ms));
const callTimeout = 45_000;
/** The clients whose diwall went away: their calls stop the script. */
const gone = new WeakSet();

/** Prints the results once and exits. */
let printed = false;
function finish(code = 0) {
  if (!printed) {
    printed = true;
    process.stdout.write(JSON.stringify(out) + '\n');
  }
  process.exit(out.failures.length > 0 ? 1 : code);
}
setTimeout(() => {
  fail(`the script did not finish within ${cfg.deadlineMs} ms`);
  finish(1);
}, cfg.deadlineMs ?? 90_000);

/**
 * Checks a tool result is Diwall's envelope (docs/contract.md §2) and
 * returns it, or null after recording why not.
 * @param {string} what
 * @param {string} tool
 * @param {any} res
 */
function envelope(what, tool, res) {
  const block = res?.content?.[0];
  if (block?.type !== 'text') {
    fail(`${what}: the first content block is not text: ${JSON.stringify(res).slice(0, 300)}`);
    return null;
  }
  let env;
  try {
    env = readTextBlock(block.text);
  } catch (err) {
    fail(`${what}: the text block is not the envelope's JSON and its line lists (${err}): ${block.text.slice(0, 300)}`);
    return null;
  }
  const keys = Object.keys(env).sort().join(',');
  if (keys !== 'ok,page_content,server') {
    fail(`${what}: the envelope's keys are ${keys}, not ok, page_content, server`);
    return null;
  }
  // The text renders an observation's elements as lines (only what the
  // tree's marked lines do not say); structuredContent keeps the objects.
  const textElements = [env.page_content, env.page_content?.observation].map(o => o?.elements);
  if (textElements.some(e => e !== undefined && !(Array.isArray(e) && e.every(l => typeof l === 'string')))) {
    fail(`${what}: the text block's elements are not lines: ${block.text.slice(0, 300)}`);
  }
  if (canonical(asText(res.structuredContent)) !== canonical(withoutElements(env))) {
    fail(`${what}: structuredContent differs from the text block`);
  }
  if (env.ok === Boolean(res.isError)) {
    fail(`${what}: ok=${env.ok} but isError=${res.isError}`);
  }
  if (env.server?.tool !== tool) {
    fail(`${what}: server.tool is ${env.server?.tool}`);
  }
  if (!env.ok && !(typeof env.server?.error?.code === 'string' && env.server.error.code)) {
    fail(`${what}: failed without server.error.code: ${block.text.slice(0, 300)}`);
  }
  return env;
}

/**
 * Reads a text block back into the envelope's shape (docs/contract.md §2,
 * "The text the model reads"): its first line is the envelope as JSON;
 * each later line `page_content.PATH:` starts a list of lines, set at PATH.
 * @param {string} text
 * @returns {any}
 */
function readTextBlock(text) {
  const [first, ...rest] = text.split('\n');
  const env = JSON.parse(first);
  /** @type {string[] | null} */
  let list = null;
  for (const line of rest) {
    const header = /^(page_content(?:\.[a-z_]+)+):$/.exec(line);
    if (header) {
      const path = header[1].split('.');
      let at = env;
      for (const k of path.slice(0, -1)) {
        at[k] ??= {};
        at = at[k];
      }
      const last = /** @type {string} */ (path.at(-1));
      if (last in at) {
        throw new Error(`${header[1]} given twice`);
      }
      list = at[last] = [];
      continue;
    }
    if (!list) {
      throw new Error(`a line before any header: ${line}`);
    }
    list.push(line);
  }
  return env;
}

/**
 * An envelope without the elements of its observation (page_content's, or
 * its observation's), which the text and structuredContent write each
 * their way.
 * @param {any} env
 * @returns {any}
 */
function withoutElements(env) {
  const copy = JSON.parse(JSON.stringify(env ?? null));
  for (const o of [copy?.page_content, copy?.page_content?.observation]) {
    if (o && typeof o === 'object' && ('tree' in o || 'elements' in o)) {
      delete o.elements;
    }
  }
  return copy;
}

/**
 * A structured envelope as its text block gives it (docs/contract.md §2 and
 * §3, "The text the model reads"), elements aside: the server part without
 * a field at its default (false, 0, "", [], {}) but `ok` and `notices`, `error` whole, no
 * `loader_id`, no `image` that is the viewport at scale 1, its observation without what repeats the server part's own
 * fields, each run of steps alike but for their number as one step
 * numbered "first-last"; an act's observation without the act's title and
 * URL.
 * @param {any} env
 * @returns {any}
 */
function asText(env) {
  const copy = withoutElements(env);
  if (copy?.server && typeof copy.server === 'object') {
    const server = withoutDefaults(copy.server);
    withoutPlainImage(server);
    const obs = server.observation;
    if (obs && typeof obs === 'object') {
      withoutPlainImage(obs);
      for (const k of Object.keys(obs)) {
        if (k in server && canonical(server[k]) === canonical(obs[k])) {
          delete obs[k];
        }
      }
    }
    copy.server = server;
  }
  const page = copy?.page_content;
  const pageObs = page?.observation;
  if (pageObs && typeof pageObs === 'object') {
    for (const k of ['title', 'url']) {
      if (pageObs[k] === page[k]) {
        delete pageObs[k];
      }
    }
  }
  // Line lists with no lines are left out, and an observation left empty.
  for (const o of [page, pageObs]) {
    for (const k of ['tree', 'lines']) {
      if (o && typeof o === 'object' && Array.isArray(o[k]) && o[k].length === 0) {
        delete o[k];
      }
    }
  }
  if (pageObs && typeof pageObs === 'object' && Object.keys(pageObs).length === 0) {
    delete page.observation;
  }
  return copy;
}

/**
 * Deletes o's image when it is o's viewport at scale 1.
 * @param {any} o
 */
function withoutPlainImage(o) {
  const image = o.image;
  const viewport = o.viewport;
  if (image && viewport && Object.keys(image).length === 3 && image.scale === 1 &&
    image.width === viewport.width && image.height === viewport.height) {
    delete o.image;
  }
}

/**
 * @param {any} v
 * @returns {any}
 */
function withoutDefaults(v) {
  if (Array.isArray(v)) {
    return v.map(withoutDefaults);
  }
  if (!v || typeof v !== 'object') {
    return v;
  }
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, e] of Object.entries(v)) {
    if (k === 'ok' || k === 'error' || k === 'notices') {
      out[k] = e;
      continue;
    }
    if (k === 'loader_id') {
      continue;
    }
    let x = withoutDefaults(e);
    if (k === 'steps' && Array.isArray(x)) {
      x = joinSteps(x);
    }
    const isDefault = x === false || x === 0 || x === '' || x === null ||
      (Array.isArray(x) && x.length === 0) || (typeof x === 'object' && x && Object.keys(x).length === 0);
    if (!isDefault) {
      out[k] = x;
    }
  }
  return out;
}

/**
 * @param {any[]} steps
 * @returns {any[]}
 */
function joinSteps(steps) {
  const out = [];
  for (let i = 0; i < steps.length;) {
    let j = i + 1;
    const alike = (/** @type {any} */ a, /** @type {any} */ b, /** @type {number} */ d) =>
      typeof a?.step === 'number' && b?.step === a.step + d &&
      canonical({ ...a, step: 0 }) === canonical({ ...b, step: 0 });
    while (j < steps.length && alike(steps[i], steps[j], j - i)) {
      j++;
    }
    out.push(j - i === 1 ? steps[i] : { ...steps[i], step: `${steps[i].step}-${steps[i].step + j - i - 1}` });
    i = j;
  }
  return out;
}

/**
 * JSON with every object's keys in order: the same value, however a hop
 * (diwall mcp decodes and encodes the host's result) ordered them.
 * @param {unknown} v
 * @returns {string}
 */
function canonical(v) {
  if (Array.isArray(v)) {
    return '[' + v.map(canonical).join(',') + ']';
  }
  if (v && typeof v === 'object') {
    return '{' + Object.keys(v).sort().map(k => JSON.stringify(k) + ':' + canonical(/** @type {any} */ (v)[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

/**
 * Calls a tool with a numeric progress token (the SDK's: onprogress makes
 * it send one) and records the result.
 * @param {Client} client
 * @param {string} tool
 * @param {Record<string, unknown>} args
 * @param {{onprogress?: (p: any) => void, signal?: AbortSignal}} [opts]
 */
async function call(client, tool, args, opts = {}) {
  const start = Date.now();
  const rec = { tool, args, ok: false, code: '', ms: 0 };
  out.calls.push(rec);
  try {
    const res = await client.callTool({ name: tool, arguments: args }, CallToolResultSchema, {
      onprogress: opts.onprogress ?? (() => {}),
      signal: opts.signal,
      timeout: callTimeout,
    });
    rec.ms = Date.now() - start;
    const env = envelope(`${tool} ${JSON.stringify(args)}`, tool, res);
    if (env) {
      rec.ok = env.ok;
      rec.code = env.ok ? 'ok' : env.server.error.code;
    }
    return env;
  } catch (e) {
    rec.ms = Date.now() - start;
    rec.code = 'thrown';
    if (opts.signal?.aborted) {
      throw e;
    }
    if (gone.has(client)) {
      throw new Error(`diwall went away during ${tool}: ${e}`, { cause: e });
    }
    fail(`${tool} ${JSON.stringify(args)}: protocol error: ${e}`);
    return null;
  }
}

/**
 * A transport that forces the protocol version of the session: it rewrites
 * the initialize request's version, or, for 2026-07-28 and later (which
 * this SDK does not speak), turns initialize into server/discover and
 * sends the version, capabilities and client in every request's _meta.
 * What the server answered is in negotiated and sawResultType.
 */
class ForcedVersion {
  /**
   * @param {StdioClientTransport} inner
   * @param {string} version
   */
  constructor(inner, version) {
    this.inner = inner;
    this.version = version;
    this.modern = version >= '2026-07-28';
    /** @type {string} */
    this.negotiated = '';
    this.sawResultType = false;
    /** @type {unknown} */
    this.initID = undefined;
    /** @type {((m: any) => void) | undefined} */
    this.onmessage = undefined;
    /** @type {(() => void) | undefined} */
    this.onclose = undefined;
    /** @type {((e: Error) => void) | undefined} */
    this.onerror = undefined;
    this.meta = {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'diwall-e2e-ts', version: '0' },
    };
  }

  async start() {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = e => this.onerror?.(e);
    this.inner.onmessage = (/** @type {any} */ m) => this.onmessage?.(this.received(m));
    await this.inner.start();
  }

  /** @param {any} m */
  received(m) {
    if (m.id === undefined || m.id !== this.initID || !m.result) {
      if (m.result?.resultType === 'complete') {
        this.sawResultType = true;
      }
      return m;
    }
    if (!this.modern) {
      this.negotiated = m.result.protocolVersion;
      return m;
    }
    // server/discover's result, as the SDK's initialize wants it.
    const r = m.result;
    if (Array.isArray(r.supportedVersions) && r.supportedVersions.includes(this.version)) {
      this.negotiated = this.version;
    }
    return {
      jsonrpc: '2.0',
      id: m.id,
      result: {
        protocolVersion: '2025-11-25', // only to pass the SDK's own check
        capabilities: r.capabilities ?? {},
        serverInfo: r._meta?.['io.modelcontextprotocol/serverInfo'] ?? { name: 'diwall', version: '?' },
        instructions: r.instructions,
      },
    };
  }

  /** @param {any} m */
  async send(m) {
    if (m.method === 'initialize') {
      this.initID = m.id;
      if (this.modern) {
        return this.inner.send({ jsonrpc: '2.0', id: m.id, method: 'server/discover', params: { _meta: this.meta } });
      }
      return this.inner.send({ ...m, params: { ...m.params, protocolVersion: this.version } });
    }
    if (this.modern && m.method === 'notifications/initialized') {
      return; // no initialize, no initialized
    }
    if (this.modern && m.method && m.id !== undefined) {
      m = { ...m, params: { ...m.params, _meta: { ...m.params?._meta, ...this.meta } } };
    }
    return this.inner.send(m);
  }

  async close() {
    await this.inner.close();
  }
}

/**
 * Starts diwall with args and connects a client to it.
 * @param {string[]} args
 * @param {{version?: string, elicit?: (req: any) => Promise<any>}} [opts]
 */
async function connect(args, opts = {}) {
  const inner = new StdioClientTransport({ command: cfg.bin, args, env: /** @type {Record<string, string>} */ (process.env), stderr: 'inherit' });
  const transport = opts.version ? new ForcedVersion(inner, opts.version) : inner;
  const capabilities = opts.elicit ? { elicitation: { form: {} } } : {};
  const client = new Client({ name: 'diwall-e2e-ts', version: '0' }, { capabilities });
  if (opts.elicit) {
    client.setRequestHandler(ElicitRequestSchema, opts.elicit);
  }
  const state = { closing: false, exited: false, errors: /** @type {string[]} */ ([]) };
  client.onclose = () => {
    if (!state.closing) {
      state.exited = true;
      gone.add(client);
      fail(`diwall ${args.join(' ')} went away during the session (its stderr is in the test's log)`);
    }
  };
  client.onerror = e => state.errors.push(String(e));
  await client.connect(transport, { timeout: 60_000 });
  return { client, transport, state };
}

/**
 * The mark of the first element of an observation named name, or 0, read
 * as the model reads it: from the tree's marked lines (role "name" [N]).
 */
function markNamed(/** @type {any} */ env, /** @type {string} */ name) {
  for (const line of env?.page_content?.tree ?? []) {
    const m = /^\s*\S+ "((?:[^"\\]|\\.)*)" \[(\d+)\]/.exec(line);
    if (m && m[1].includes(name)) {
      return Number(m[2]);
    }
  }
  return 0;
}

/** Every listed tool, with reasonable arguments, in an order that works. */
async function everyTool(/** @type {Client} */ client) {
  const listed = (await client.listTools()).tools.map(t => t.name);
  out.listed = listed;
  const order = ['tabs', 'navigate', 'observe', 'read', 'act', 'screenshot', 'dialog', 'downloads', 'handoff', 'login', 'screen'];
  const tools = [...order.filter(t => listed.includes(t)), ...listed.filter(t => !order.includes(t))];
  /** @type {any} */
  let observed = null;
  for (const tool of tools) {
    switch (tool) {
      case 'tabs':
        await call(client, 'tabs', { action: 'list' });
        await call(client, 'tabs', { action: 'open', url: cfg.url });
        break;
      case 'navigate':
        await call(client, 'navigate', { url: cfg.url });
        break;
      case 'observe':
        observed = await call(client, 'observe', {});
        break;
      case 'read':
        await call(client, 'read', { snapshot_id: observed?.server?.snapshot_id ?? 'none' });
        break;
      case 'act': {
        const mark = markNamed(observed, 'Second page');
        if (!mark) {
          fail(`observe found no "Second page" link to act on: ${JSON.stringify(observed?.page_content?.tree ?? null).slice(0, 300)}`);
        }
        const env = await call(client, 'act', { snapshot_id: observed?.server?.snapshot_id ?? 'none', steps: [{ action: 'click', mark }], observe: true });
        if (env && !env.ok) {
          fail(`act click on the link: ${env.server.error.code}: ${env.server.error.message}`);
        }
        break;
      }
      case 'screenshot':
        await call(client, 'screenshot', {});
        break;
      case 'dialog':
        await call(client, 'dialog', { action: 'accept' });
        break;
      case 'downloads':
        await call(client, 'downloads', { action: 'list' });
        break;
      case 'handoff':
        await handoff(client);
        break;
      case 'login':
        await call(client, 'login', { credential_id: 'none' });
        break;
      case 'screen':
        await call(client, 'screen', { action: 'sidebar_hide' });
        break;
      default:
        await call(client, tool, {});
    }
  }
  return tools;
}

/**
 * A handoff the person (this client's elicitation handler) answers after
 * the host's first progress notification: that notification must reach
 * this call, by the SDK's numeric token.
 */
async function handoff(/** @type {Client} */ client) {
  const p = out.progress;
  p.notifications = 0;
  p.messages = [];
  const env = await call(client, 'handoff', { reason: 'press Done (the end-to-end test answers)' }, {
    onprogress: n => {
      p.notifications++;
      p.messages.push(n.message);
    },
  });
  p.elicited = elicited;
  if (!env?.ok) {
    fail(`handoff answered through the client's elicitation: ${JSON.stringify(env?.server?.error ?? null)}`);
  } else if (env.server.outcome !== 'done') {
    fail(`handoff outcome ${env.server.outcome}, want done`);
  }
  if (elicited !== 1) {
    fail(`handoff asked the client ${elicited} times, want once`);
  }
  if (p.notifications === 0) {
    fail('no progress notification of the handoff reached its call (the numeric progress token did not come back)');
  }
}

let elicited = 0;
/** Answers Done once the host has had time to send progress (every 5 s). */
async function elicit() {
  elicited++;
  await sleep(cfg.elicitDelayMs ?? 6_000);
  return { action: 'accept', content: { answer: 'done' } };
}

/**
 * Progress tokens the SDK never sends (a string, a negative fraction), by
 * hand: the call must still be answered.
 */
async function otherTokens(/** @type {Client} */ client) {
  for (const token of ['tok-1', -7.25, 0, 2 ** 53]) {
    const rec = { token, code: '' };
    out.tokens.push(rec);
    try {
      const res = await client.request(
        { method: 'tools/call', params: { name: 'tabs', arguments: { action: 'list' }, _meta: { progressToken: token } } },
        CallToolResultSchema,
        { timeout: callTimeout },
      );
      const env = envelope(`tabs list with progress token ${JSON.stringify(token)}`, 'tabs', res);
      rec.code = env ? (env.ok ? 'ok' : env.server.error.code) : 'malformed';
    } catch (e) {
      rec.code = 'thrown';
      if (gone.has(client)) {
        throw e;
      }
      fail(`tabs list with progress token ${JSON.stringify(token)}: protocol error: ${e}`);
    }
  }
}

/**
 * A long call (act waiting 5 s) aborted after 300 ms: the SDK sends
 * notifications/cancelled; the next calls must answer, and at once.
 */
async function cancellation(/** @type {Client} */ client) {
  const c = out.cancel;
  const observed = await call(client, 'observe', {});
  const abort = new AbortController();
  const start = Date.now();
  setTimeout(() => abort.abort('the end-to-end test cancels'), 300);
  try {
    await call(client, 'act', { snapshot_id: observed?.server?.snapshot_id ?? 'none', steps: [{ action: 'wait', ms: 5000 }] }, { signal: abort.signal });
    fail('the aborted act answered instead of being cancelled');
  } catch (e) {
    c.aborted = String(e);
  }
  c.abortedAfterMs = Date.now() - start;
  let t = Date.now();
  const list = await call(client, 'tabs', { action: 'list' });
  c.tabsAfterMs = Date.now() - t;
  if (!list?.ok) {
    fail(`tabs list after the cancelled call: ${JSON.stringify(list?.server?.error ?? null)}`);
  }
  t = Date.now();
  const again = await call(client, 'observe', {});
  c.observeAfterMs = Date.now() - t;
  if (!again?.ok) {
    fail(`observe after the cancelled call: ${JSON.stringify(again?.server?.error ?? null)}`);
  }
  if (Date.now() - start > 4_500) {
    fail(`the calls after the cancel waited for the cancelled act (${Date.now() - start} ms from its start): the cancel did not reach the host`);
  }
}

/** A fresh client per protocol version, on a plain `diwall mcp`. */
async function versions() {
  for (const version of cfg.versions ?? []) {
    const rec = { version, negotiated: '', tools: 0, code: '', resultType: false };
    out.versions.push(rec);
    /** @type {Awaited<ReturnType<typeof connect>> | null} */
    let s = null;
    try {
      s = await connect(cfg.plainArgs, { version });
      const forced = /** @type {ForcedVersion} */ (s.transport);
      rec.negotiated = forced.negotiated;
      if (rec.negotiated !== version) {
        fail(`protocol ${version}: the server negotiated ${rec.negotiated || 'nothing'}`);
      }
      rec.tools = (await s.client.listTools()).tools.length;
      if (rec.tools === 0) {
        fail(`protocol ${version}: tools/list is empty`);
      }
      const env = await call(s.client, 'tabs', { action: 'list' });
      rec.code = env ? (env.ok ? 'ok' : env.server.error.code) : 'malformed';
      rec.resultType = forced.sawResultType;
      if (forced.modern && !forced.sawResultType) {
        fail(`protocol ${version}: the call's result has no resultType "complete", so the server did not speak ${version}`);
      }
    } catch (e) {
      fail(`protocol ${version}: ${e}`);
    } finally {
      if (s) {
        s.state.closing = true;
        await s.client.close();
      }
    }
  }
}

async function main() {
  const main = await connect(cfg.launchArgs, { elicit });
  try {
    await everyTool(main.client);
    await otherTokens(main.client);
    await cancellation(main.client);
    await versions();
    const last = await call(main.client, 'tabs', { action: 'list' });
    if (!last?.ok) {
      fail(`the last tabs list: ${JSON.stringify(last?.server?.error ?? null)}`);
    }
  } finally {
    out.clientErrors = main.state.errors;
    main.state.closing = true;
    await main.client.close();
  }
}

main().then(() => finish(0), e => {
  fail(`stopped: ${e?.stack ?? e}`);
  finish(1);
});
