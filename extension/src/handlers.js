// @ts-check
/**
 * The request methods of PROTOCOL.md. Each takes the request's params and resolves to the result
 * object, or rejects with a ProtocolError.
 */

import { agentTabsParam } from "./agent_tabs.js";
import { approvalAskParams, approvalIdParam } from "./approvals.js";
import { ALLOWED_CDP_COMMANDS, allowedAutoAttach, allowedFetchEnable, allowedNetworkEnable } from "./cdp_allowlist.js";
import { sessionsParam } from "./connected_sessions.js";
import { ProtocolError, chromeCall, cdpErrorMessage, errorText, fromChromeError, invalidArgument } from "./errors.js";
import { handoffShowParams } from "./handoff_notices.js";
import {
  matchingParam,
  optionalBoolParam,
  optionalIntParam,
  optionalObjectParam,
  sessionKeyParam,
  stringParam,
  tabIdParam,
  tabIdsParam,
} from "./params.js";
import { serialQueue } from "./serial.js";
import { toTab } from "./tab.js";
import { groupStateParams, groupTab, showGroupState, tabGroupParams } from "./tab_groups.js";

/** @typedef {import("./params.js").Params} Params */
/** @typedef {import("./agent_tabs.js").AgentTabs} AgentTabs */
/** @typedef {import("./approvals.js").Approvals} Approvals */
/** @typedef {import("./connected_sessions.js").ConnectedSessions} ConnectedSessions */
/** @typedef {import("./debugger_sessions.js").DebuggerSessions} DebuggerSessions */
/** @typedef {import("./tab_groups.js").GroupApi} GroupApi */
/** @typedef {import("./operator_ports.js").OperatorPorts} OperatorPorts */
/** @typedef {import("./handoff_notices.js").HandoffNotices} HandoffNotices */
/** @typedef {(params: Params) => Promise<object>} Handler */

/**
 * @typedef {object} HandlerDeps
 * @property {AgentTabs} agentTabs
 * @property {DebuggerSessions} sessions the debugger sessions
 * @property {ConnectedSessions} connectedSessions the MCP sessions, for the popup
 * @property {Approvals} approvals
 * @property {GroupApi} groupApi
 * @property {OperatorPorts} operatorPorts the side panels
 * @property {HandoffNotices} notices the handoffs' desktop notifications
 */

/**
 * @param {HandlerDeps} deps
 * @returns {Map<string, Handler>}
 */
export function createHandlers({ agentTabs, sessions, connectedSessions, approvals, groupApi, operatorPorts, notices }) {
  // Two tab.group calls at once could each find no group and create two of the same title.
  const oneGroupingAtATime = serialQueue();

  /** @type {[string, Handler][]} */
  const entries = [
    ["tabs.get", tabsGet],
    ["tab.open", tabOpen],
    ["tab.close", agentTabOnly(tabClose)],
    ["agent_tabs.set", agentTabsSet],
    ["sessions.set", sessionsSet],
    ["tab.group", tabGroup],
    ["tab_group.state", tabGroupState],
    ["operator.send", async (params) => operatorPorts.deliver(params)],
    ["approval.ask", approvalAsk],
    ["approval.cancel", approvalCancel],
    ["handoff.show", handoffShow],
    ["handoff.clear", handoffClear],
    ["debugger.attach", debuggerAttach],
    ["debugger.detach", debuggerDetach],
    ["cdp", cdp],
    ["tab.capture", agentTabOnly(tabCapture)],
  ];
  return new Map(entries);

  /** @type {Handler} */
  async function agentTabsSet(params) {
    await chromeCall(agentTabs.replace(agentTabsParam(params)));
    return {};
  }

  /** @type {Handler} */
  async function sessionsSet(params) {
    await chromeCall(connectedSessions.replace(sessionsParam(params)));
    return {};
  }

  /** @type {Handler} */
  async function tabGroup(params) {
    const request = tabGroupParams(params);
    const groupId = await chromeCall(oneGroupingAtATime(() => groupTab(request, groupApi)));
    return { group_id: groupId };
  }

  /** @type {Handler} */
  async function tabGroupState(params) {
    const request = groupStateParams(params);
    await chromeCall(oneGroupingAtATime(() => showGroupState(request, groupApi)));
    return {};
  }

  /** @type {Handler} */
  async function approvalAsk(params) {
    await chromeCall(approvals.ask(approvalAskParams(params)));
    return {};
  }

  /** @type {Handler} */
  async function approvalCancel(params) {
    await chromeCall(approvals.cancel(approvalIdParam(params)));
    return {};
  }

  /** @type {Handler} */
  async function handoffShow(params) {
    const shown = await chromeCall(notices.show(handoffShowParams(params)));
    return { shown };
  }

  /** @type {Handler} */
  async function handoffClear(params) {
    await chromeCall(notices.clear(sessionKeyParam(params)));
    return {};
  }

  /** @type {Handler} */
  async function debuggerAttach(params) {
    const tabId = tabIdParam(params);
    await requireAgentTab(tabId);
    await chromeCall(sessions.attach(tabId));
    // The person may have taken the tab back while it was being attached: stopSharing drops it
    // from the agent tabs before it detaches, so either it detached this session or we see it here.
    if (!(await agentTabs.has(tabId))) {
      await sessions.detach(tabId).catch(() => {});
      throw notAnAgentTab(tabId);
    }
    return {};
  }

  /** @type {Handler} */
  async function debuggerDetach(params) {
    await chromeCall(sessions.detach(tabIdParam(params)));
    return {};
  }

  /** @type {Handler} */
  async function cdp(params) {
    const tabId = tabIdParam(params);
    const method = stringParam(params, "method");
    const cdpParams = optionalObjectParam(params, "params");
    const sessionId =
      params.session_id === undefined ? undefined : matchingParam(params, "session_id", /^[0-9A-Za-z]{1,64}$/, "a CDP session id");
    if (!ALLOWED_CDP_COMMANDS.has(method)) {
      throw new ProtocolError("not_allowed", `CDP command ${method} is not on the extension's allow-list`);
    }
    if (method === "Target.setAutoAttach" && !allowedAutoAttach(cdpParams)) {
      throw new ProtocolError(
        "not_allowed",
        "Target.setAutoAttach is allowed for iframes only, with autoAttach and flatten true and waitForDebuggerOnStart false",
      );
    }
    if (method === "Fetch.enable" && (sessionId !== undefined || !allowedFetchEnable(cdpParams))) {
      throw new ProtocolError(
        "not_allowed",
        'Fetch.enable is allowed on the tab\'s own session only, with the patterns of documents\' responses, or of those and the guarded requests (PROTOCOL.md)',
      );
    }
    if (method === "Network.enable" && (sessionId !== undefined || !allowedNetworkEnable(cdpParams))) {
      throw new ProtocolError("not_allowed", "Network.enable is allowed on the tab's own session only, with no parameters");
    }
    await requireAgentTab(tabId);
    try {
      return await sessions.send(tabId, method, cdpParams, sessionId);
    } catch (err) {
      const cdpMessage = cdpErrorMessage(errorText(err));
      if (cdpMessage !== undefined) {
        throw new ProtocolError("cdp_error", cdpMessage);
      }
      throw fromChromeError(err);
    }
  }

  /**
   * Wraps a handler of one tab so that it runs only on an agent tab.
   * @param {Handler} handler
   * @returns {Handler}
   */
  function agentTabOnly(handler) {
    return async (params) => {
      await requireAgentTab(tabIdParam(params));
      return handler(params);
    };
  }

  /**
   * Refuses a tab that is not an agent tab: the debugger is for the agent's tabs only, whatever
   * the host asks (a request sent before the person took the tab back must not attach it again).
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  async function requireAgentTab(tabId) {
    if (!(await agentTabs.has(tabId))) {
      throw notAnAgentTab(tabId);
    }
  }
}

/**
 * @param {number} tabId
 * @returns {ProtocolError}
 */
function notAnAgentTab(tabId) {
  return new ProtocolError(
    "not_agent_tab",
    `tab ${tabId} is not an agent tab: the host did not give it with agent_tabs.set, or the person stopped sharing it`,
  );
}

/** @type {Handler} */
async function tabsGet(params) {
  const ids = tabIdsParam(params);
  const found = await Promise.all(
    ids.map(async (id) => {
      try {
        return toTab(await chrome.tabs.get(id));
      } catch (err) {
        const mapped = fromChromeError(err);
        if (mapped.code === "tab_gone") {
          return undefined;
        }
        throw mapped;
      }
    }),
  );
  return { tabs: found.filter((tab) => tab !== undefined) };
}

/** @type {Handler} */
async function tabOpen(params) {
  const url = stringParam(params, "url");
  if (!isAbsoluteUrl(url)) {
    // chrome.tabs.create would resolve a relative URL against the extension's own origin.
    throw invalidArgument("url must be an absolute URL");
  }
  const newWindow = optionalBoolParam(params, "new_window");
  const windowId = optionalIntParam(params, "window_id", 0, Number.MAX_SAFE_INTEGER);
  const active = optionalBoolParam(params, "active");
  if (newWindow && windowId !== undefined) {
    throw invalidArgument("new_window and window_id cannot both be given");
  }
  // The agent's tabs open in the background (active false unless asked), and a new window of theirs
  // unfocused: the person's tab stays in front and keeps the keyboard.
  if (newWindow) {
    const win = await chromeCall(chrome.windows.create({ url, focused: active ?? false }));
    const tab = win?.tabs?.[0];
    if (tab === undefined) {
      throw new ProtocolError("internal", "the new window has no tab");
    }
    return { tab: toTab(tab) };
  }
  const tab = await chromeCall(chrome.tabs.create({ url, windowId, active: active ?? false }).catch(noWindowIsInvalid));
  return { tab: toTab(tab) };
}

/**
 * @param {string} url
 * @returns {boolean}
 */
function isAbsoluteUrl(url) {
  try {
    new URL(url); // URL.canParse needs Chrome 120
    return true;
  } catch {
    return false;
  }
}

/**
 * A window_id that names no window is the host's mistake, not a gone tab.
 * @param {unknown} err
 * @returns {never}
 */
function noWindowIsInvalid(err) {
  if (/^No window with id\b/.test(errorText(err))) {
    throw invalidArgument(errorText(err));
  }
  throw err;
}

/** @type {Handler} */
async function tabClose(params) {
  await chromeCall(chrome.tabs.remove(tabIdParam(params)));
  return {};
}

/** @type {Handler} */
async function tabCapture(params) {
  const tabId = tabIdParam(params);
  const format = params.format;
  if (format !== "png" && format !== "jpeg") {
    throw invalidArgument('format must be "png" or "jpeg"');
  }
  const quality = optionalIntParam(params, "quality", 0, 100);
  const tab = await chromeCall(chrome.tabs.get(tabId));
  if (!tab.active) {
    throw new ProtocolError(
      "capture_failed",
      `tab ${tabId} is not the active tab of its window ${tab.windowId}: only the visible tab can be captured; activate it first`,
    );
  }
  /** @type {chrome.extensionTypes.ImageDetails} */
  const options = { format };
  if (quality !== undefined) {
    options.quality = quality;
  }
  let dataUrl;
  try {
    dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, options);
  } catch (err) {
    throw new ProtocolError("capture_failed", errorText(err));
  }
  const comma = dataUrl.indexOf(",");
  if (!dataUrl.startsWith("data:") || comma < 0) {
    throw new ProtocolError("capture_failed", "captureVisibleTab returned no data URL");
  }
  return { data: dataUrl.slice(comma + 1) };
}
