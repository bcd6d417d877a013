// @ts-check
/**
 * `tab.group`: puts a tab in the group of its window that has a given title, creating that group
 * when there is none. The host names one group per MCP session, so the person sees from any
 * window which agent has which tab. `tab_group.state` shows in those groups what the session is
 * doing: its title starts with ▶ while the agent acts, ⏸ while the person paused it, ■ once
 * stopped, ✋ while a step is handed to the person.
 *
 * The chrome.* calls sit behind GroupApi, so the logic runs under node:test with a fake.
 */

import { errorText, invalidArgument } from "./errors.js";
import { boundedStringParam, oneOfParam, tabIdParam } from "./params.js";

/** @typedef {"grey" | "blue" | "red" | "yellow" | "green" | "pink" | "purple" | "cyan" | "orange"} GroupColor */

/** The colours chrome.tabGroups knows. @type {readonly GroupColor[]} */
export const GROUP_COLORS = ["grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange"];

/** Longest group title accepted; Chrome shows far fewer characters than this. */
export const GROUP_TITLE_MAX = 200;

/** @typedef {"idle" | "acting" | "paused" | "stopped" | "handoff"} GroupState what the group's session is doing */

/** @type {readonly GroupState[]} */
export const GROUP_STATES = ["idle", "acting", "paused", "stopped", "handoff"];

/** What a group's title starts with while its session is in a state (none when idle). */
const STATE_SIGNS = { idle: "", acting: "▶ ", paused: "⏸ ", stopped: "■ ", handoff: "✋ " };

/**
 * The title a group shows: the host's title, after the sign of its session's state.
 * @param {string} title
 * @param {GroupState} state
 * @returns {string}
 */
export function shownTitle(title, state) {
  return STATE_SIGNS[state] + title;
}

/**
 * The host's title of a group, without the sign of its state.
 * @param {string | undefined} shown
 * @returns {string}
 */
export function hostTitle(shown) {
  const title = shown ?? "";
  for (const sign of Object.values(STATE_SIGNS)) {
    if (sign !== "" && title.startsWith(sign)) {
      return title.slice(sign.length);
    }
  }
  return title;
}

/**
 * @typedef {object} GroupRequest
 * @property {number} tab_id
 * @property {string} title
 * @property {GroupColor} color
 * @property {GroupState} state
 */

/**
 * The params of `tab.group`.
 * @param {import("./params.js").Params} params
 * @returns {GroupRequest}
 */
export function tabGroupParams(params) {
  return {
    tab_id: tabIdParam(params),
    title: boundedStringParam(params, "title", 1, GROUP_TITLE_MAX),
    color: oneOfParam(params, "color", GROUP_COLORS),
    state: params.state === undefined ? "idle" : oneOfParam(params, "state", GROUP_STATES),
  };
}

/**
 * @typedef {object} GroupStateRequest
 * @property {string} title
 * @property {GroupState} state
 */

/**
 * The params of `tab_group.state`.
 * @param {import("./params.js").Params} params
 * @returns {GroupStateRequest}
 */
export function groupStateParams(params) {
  return {
    title: boundedStringParam(params, "title", 1, GROUP_TITLE_MAX),
    state: oneOfParam(params, "state", GROUP_STATES),
  };
}

/**
 * Shows a session's state in every group of its title, in every window.
 * @param {GroupStateRequest} request
 * @param {GroupApi} api
 * @returns {Promise<number>} how many groups changed
 */
export async function showGroupState({ title, state }, api) {
  let changed = 0;
  for (const group of await api.allGroups()) {
    if (hostTitle(group.title) === title && group.title !== shownTitle(title, state)) {
      await api.update(group.id, { title: shownTitle(title, state) });
      changed++;
    }
  }
  return changed;
}

/**
 * @typedef {object} GroupApi the chrome.* calls groupTab makes
 * @property {(tabId: number) => Promise<{windowId: number, groupId?: number}>} getTab
 * @property {(windowId: number) => Promise<{type?: string}>} getWindow
 * @property {(windowId: number) => Promise<{id: number, title?: string}[]>} groupsIn
 * @property {(tabId: number, target: {groupId: number} | {windowId: number}) => Promise<number>} group
 *   adds the tab to the group, or to a new group in the window; returns the group's id
 * @property {(groupId: number, props: {title: string, color?: GroupColor}) => Promise<void>} update
 * @property {() => Promise<{id: number, title?: string}[]>} allGroups the groups of every window
 */

/**
 * @param {GroupRequest} request
 * @param {GroupApi} api
 * @returns {Promise<number>} the group's id
 */
export async function groupTab({ tab_id: tabId, title, color, state }, api) {
  const tab = await api.getTab(tabId);
  const win = await api.getWindow(tab.windowId);
  if (win.type !== undefined && win.type !== "normal") {
    throw notGroupable(tabId, win.type);
  }
  // Compared here, not by tabGroups.query's `title`, which is a pattern where * and ? match anything;
  // the sign of the session's state before it is not part of the title.
  const existing = (await api.groupsIn(tab.windowId)).find((group) => hostTitle(group.title) === title);
  if (existing !== undefined) {
    if (tab.groupId !== existing.id) {
      await api.group(tabId, { groupId: existing.id });
    }
    if (existing.title !== shownTitle(title, state)) {
      await api.update(existing.id, { title: shownTitle(title, state) });
    }
    return existing.id;
  }
  const groupId = await api.group(tabId, { windowId: tab.windowId });
  await api.update(groupId, { title: shownTitle(title, state), color });
  return groupId;
}

/**
 * @param {number} tabId
 * @param {string} windowType
 */
function notGroupable(tabId, windowType) {
  return invalidArgument(`tab ${tabId} is in a ${windowType} window, which cannot hold tab groups; it stays ungrouped`);
}

/** Chrome's words when a tab cannot join a group because of its window. */
const NOT_NORMAL_WINDOW = /normal windows?\b/i;

/** @type {GroupApi} */
export const chromeGroupApi = {
  getTab: (tabId) => chrome.tabs.get(tabId),
  getWindow: (windowId) => chrome.windows.get(windowId),
  groupsIn: (windowId) => chrome.tabGroups.query({ windowId }),
  async group(tabId, target) {
    try {
      if ("groupId" in target) {
        return await chrome.tabs.group({ tabIds: tabId, groupId: target.groupId });
      }
      return await chrome.tabs.group({ tabIds: tabId, createProperties: { windowId: target.windowId } });
    } catch (err) {
      if (NOT_NORMAL_WINDOW.test(errorText(err))) {
        throw invalidArgument(`tab ${tabId} cannot be grouped: ${errorText(err)}`);
      }
      throw err;
    }
  },
  async update(groupId, props) {
    await chrome.tabGroups.update(groupId, props);
  },
  allGroups: () => chrome.tabGroups.query({}),
};
