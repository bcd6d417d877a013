// @ts-check
/**
 * Browser events forwarded to the host (PROTOCOL.md, "Events"): only about agent tabs, the tabs
 * their pages open, and the extension's own debugger sessions. (The events of the person's decisions,
 * `tab.shared`, `tab.unshared` and `approval.answered`, come from sharing.js and approvals.js.)
 */

import {
  FORWARDED_CDP_EVENTS,
  FORWARDED_FETCH_EVENTS,
  FORWARDED_NETWORK_EVENTS,
  FORWARDED_RESPONSE_HEADERS,
  FORWARDED_TARGET_EVENTS,
} from "./cdp_allowlist.js";
import { toTab } from "./tab.js";

/** @typedef {import("./agent_tabs.js").AgentTabs} AgentTabs */
/** @typedef {import("./debugger_sessions.js").DebuggerSessions} DebuggerSessions */
/** @typedef {import("./downloads.js").AgentDownloads} AgentDownloads */
/** @typedef {(event: string, params: object) => void} Emit */

/**
 * Adds the listeners. Call it synchronously when the worker starts, so that these events wake a
 * stopped worker.
 * @param {{agentTabs: AgentTabs, sessions: DebuggerSessions, emit: Emit, downloads?: AgentDownloads, hostConnected?: () => boolean}} deps
 */
export function registerEventForwarders({ agentTabs, sessions, emit, downloads, hostConnected = () => true }) {
  // Events are handled one at a time, in Chrome's order. A tab's updates that come before it is
  // adopted are not forwarded (it is not an agent tab yet); its tab.created carries its state as
  // of then, so the host sees tab.created before any tab.updated of it.
  let queue = Promise.resolve();
  /**
   * @param {string} what
   * @param {() => Promise<void> | void} work
   */
  const inOrder = (what, work) => {
    queue = queue.then(work).catch((err) => console.warn(`diwall: handling ${what} failed:`, err));
  };

  // A tab that the page of an agent tab opened (window.open, a link or a form with a target)
  // belongs to its opener's session. Chrome's openerTabId cannot tell this: it also names the
  // active tab as the opener of a tab the person opens (Ctrl+T, a DevTools Target.createTarget),
  // so only webNavigation's source tab counts.
  chrome.webNavigation.onCreatedNavigationTarget.addListener((details) =>
    inOrder("webNavigation.onCreatedNavigationTarget", async () => {
      if (downloads !== undefined && (await agentTabs.has(details.sourceTabId))) {
        downloads.note(details.sourceTabId, details.url); // a download it turns into is its opener's
      }
      await adoptOpenedTab(agentTabs, emit, details);
    }),
  );

  if (downloads !== undefined) {
    // What an agent tab loads is attributed to it, so a download it turns into is its (downloads.js).
    chrome.webNavigation.onBeforeNavigate.addListener((details) =>
      inOrder("webNavigation.onBeforeNavigate", async () => {
        // Once the debugger is attached, Page.downloadWillBegin is the tab's word.
        if (details.frameId === 0 && !sessions.isAttached(details.tabId) && (await agentTabs.has(details.tabId))) {
          downloads.note(details.tabId, details.url);
        }
      }),
    );
    chrome.downloads.onDeterminingFilename.addListener((item, suggest) => {
      void downloads.determining(item, suggest);
      return true; // suggest is called later
    });
  }

  chrome.tabs.onUpdated.addListener((tabId, change, tab) =>
    inOrder("tabs.onUpdated", async () => {
      if (change.url === undefined && change.title === undefined && change.status === undefined) {
        return;
      }
      if (await agentTabs.has(tabId)) {
        emit("tab.updated", { tab: toTab(tab) });
      }
    }),
  );

  // The person brought a tab forward (the agent never does): each agent tab of that window says
  // whether it is the one in front now, so the host knows which of its tabs the person sees.
  chrome.tabs.onActivated.addListener(({ windowId }) =>
    inOrder("tabs.onActivated", async () => {
      for (const { tab_id: tabId } of await agentTabs.list()) {
        const t = await chrome.tabs.get(tabId).catch(() => undefined);
        if (t !== undefined && t.windowId === windowId) {
          emit("tab.updated", { tab: toTab(t) });
        }
      }
    }),
  );

  chrome.tabs.onRemoved.addListener((tabId) =>
    inOrder("tabs.onRemoved", async () => {
      sessions.forget(tabId);
      if (await agentTabs.remove(tabId)) {
        emit("tab.closed", { tab_id: tabId });
      }
    }),
  );

  // Chrome reports here only the sessions this extension attached.
  chrome.debugger.onDetach.addListener((source, reason) =>
    inOrder("debugger.onDetach", () => {
      if (source.tabId === undefined) {
        return;
      }
      sessions.forget(source.tabId);
      emit("debugger.detached", { tab_id: source.tabId, reason });
    }),
  );

  chrome.debugger.onEvent.addListener((source, method, params) =>
    inOrder("debugger.onEvent", () => {
      if (source.tabId === undefined) {
        return;
      }
      // sessionId is set for the events of a child session (an out-of-process frame of the tab):
      // of those only the attach and detach of its own out-of-process frames are forwarded. The
      // tab's own session has none.
      const child = source.sessionId === undefined ? {} : { session_id: source.sessionId };
      if (method === "Page.downloadWillBegin") {
        const url = /** @type {{url?: unknown}} */ (params ?? {}).url;
        if (typeof url === "string") {
          downloads?.note(source.tabId, url);
        }
        return;
      }
      if (source.sessionId === undefined && FORWARDED_FETCH_EVENTS.has(method)) {
        if (!hostConnected()) {
          // No host to decide: a response goes on unasked, a request the guard held is failed.
          void releasePaused(sessions, source.tabId, params);
          return;
        }
        const forwarded = pausedParams(params);
        if (atRequest(forwarded) && typeof forwarded.requestId === "string") {
          sessions.noteHeld(source.tabId, forwarded.requestId);
        }
        emit("cdp.event", { tab_id: source.tabId, method, params: forwarded });
        return;
      }
      if (source.sessionId === undefined && FORWARDED_NETWORK_EVENTS.has(method)) {
        const sent = sentParams(params);
        if (sent !== undefined) {
          emit("cdp.event", { tab_id: source.tabId, method, params: sent });
        }
        return;
      }
      if (source.sessionId === undefined && FORWARDED_CDP_EVENTS.has(method)) {
        emit("cdp.event", { tab_id: source.tabId, method, params: params ?? {} });
        return;
      }
      const target = targetEventParams(method, params);
      if (target !== undefined) {
        emit("cdp.event", { tab_id: source.tabId, ...child, method, params: target });
      }
    }),
  );
}

/**
 * What is forwarded of an event of the tab's own session, or of one of its child sessions, about a
 * child session: of the attach of
 * an out-of-process frame, its session id and its target's id, type and URL; of a detach, the
 * session id and target id. Other target events are not forwarded (undefined).
 * @param {string} method
 * @param {object | undefined} params
 * @returns {object | undefined}
 */
export function targetEventParams(method, params) {
  if (!FORWARDED_TARGET_EVENTS.has(method)) {
    return undefined;
  }
  const p = /** @type {{sessionId?: string, targetId?: string, targetInfo?: {targetId?: string, type?: string, url?: string}}} */ (
    params ?? {}
  );
  if (method === "Target.detachedFromTarget") {
    return { sessionId: p.sessionId, targetId: p.targetId };
  }
  const info = p.targetInfo;
  if (info?.type !== "iframe") {
    return undefined;
  }
  return { sessionId: p.sessionId, targetInfo: { targetId: info.targetId, type: info.type, url: info.url } };
}

/**
 * Adopts the tab details.tabId into the session of details.sourceTabId when that is an agent tab:
 * the tab joins the agent tabs first, then `tab.created` goes out (with `opener_tab_id` the source
 * tab), so a debugger.attach the host sends on hearing of it finds an agent tab.
 * @param {AgentTabs} agentTabs
 * @param {Emit} emit
 * @param {{tabId: number, sourceTabId: number, url: string}} details
 * @returns {Promise<void>}
 */
export async function adoptOpenedTab(agentTabs, emit, { tabId, sourceTabId, url }) {
  const session = await agentTabs.sessionOf(sourceTabId);
  if (session === undefined || (await agentTabs.has(tabId))) {
    return;
  }
  /** @type {chrome.tabs.Tab} */
  let tab;
  try {
    // Its state now: updates Chrome reported before this event were not forwarded.
    tab = await chrome.tabs.get(tabId);
  } catch {
    return; // closed already
  }
  await agentTabs.add(tabId, session);
  const created = toTab(tab);
  created.opener_tab_id = sourceTabId;
  if (created.url === "") {
    // Chrome may not have started the navigation yet; this is the URL the tab will load.
    created.url = url;
  }
  emit("tab.created", { tab: created });
}

/**
 * What is forwarded of Fetch.requestPaused (a document's response, or a request the host's guard
 * holds before it is sent): what tells a download from a page, or what a request is, and nothing
 * else of the request or the response (no cookies, no other headers, no body).
 * @param {object | undefined} params
 * @returns {{requestId?: unknown, responseStatusCode?: unknown, responseErrorReason?: unknown} & Record<string, unknown>}
 */
export function pausedParams(params) {
  const p = /** @type {{requestId?: unknown, frameId?: unknown, resourceType?: unknown, networkId?: unknown, responseStatusCode?: unknown, responseErrorReason?: unknown, request?: {url?: unknown, method?: unknown}, responseHeaders?: {name?: unknown, value?: unknown}[]}} */ (
    params ?? {}
  );
  /** @type {Record<string, string>} */
  const headers = {};
  for (const h of Array.isArray(p.responseHeaders) ? p.responseHeaders : []) {
    if (typeof h?.name === "string" && typeof h.value === "string") {
      const name = h.name.toLowerCase();
      if (FORWARDED_RESPONSE_HEADERS.has(name) && !(name in headers)) {
        headers[name] = h.value;
      }
    }
  }
  return {
    requestId: p.requestId,
    frameId: p.frameId,
    resourceType: p.resourceType,
    ...(p.networkId === undefined ? {} : { networkId: p.networkId }),
    request: { url: p.request?.url, method: p.request?.method },
    ...(p.responseStatusCode === undefined ? {} : { responseStatusCode: p.responseStatusCode }),
    ...(p.responseErrorReason === undefined ? {} : { responseErrorReason: p.responseErrorReason }),
    responseHeaders: headers,
  };
}

/**
 * What is forwarded of Network.requestWillBeSent: for a request that is not a GET, HEAD or OPTIONS
 * only (undefined for those), its id, type, URL and method; no header, no body.
 * @param {object | undefined} params
 * @returns {object | undefined}
 */
export function sentParams(params) {
  const p = /** @type {{requestId?: unknown, type?: unknown, request?: {url?: unknown, method?: unknown}}} */ (params ?? {});
  const method = p.request?.method;
  if (typeof method !== "string" || /^(GET|HEAD|OPTIONS)$/.test(method)) {
    return undefined;
  }
  return { requestId: p.requestId, type: p.type, request: { url: p.request?.url, method } };
}

/**
 * Whether a paused request paused before it was sent (the host's request guard): it has no response
 * yet, neither a status nor an error.
 * @param {{responseStatusCode?: unknown, responseErrorReason?: unknown}} p
 * @returns {boolean}
 */
export function atRequest(p) {
  return p.responseStatusCode === undefined && p.responseErrorReason === undefined;
}

/**
 * Decides a paused request when no host is there to: a tab never hangs on a host that is gone. A
 * response goes on; a request the host's guard held before it was sent is failed, since only the
 * host could have said it may leave.
 * @param {DebuggerSessions} sessions
 * @param {number} tabId
 * @param {object | undefined} params
 * @returns {Promise<void>}
 */
export async function releasePaused(sessions, tabId, params) {
  const p = /** @type {{requestId?: unknown, responseStatusCode?: unknown, responseErrorReason?: unknown}} */ (params ?? {});
  if (typeof p.requestId !== "string") {
    return;
  }
  if (atRequest(p)) {
    await sessions.send(tabId, "Fetch.failRequest", { requestId: p.requestId, errorReason: "Aborted" }).catch(() => {});
    return;
  }
  await sessions.send(tabId, "Fetch.continueRequest", { requestId: p.requestId }).catch(() => {});
}
