// @ts-check
/**
 * `tab.group`: puts a tab in the group of its window that has a given title, creating that group
 * when there is none. The host names one group per MCP session, so the person sees from any
 * window which agent has which tab.
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

/**
 * @typedef {object} GroupRequest
 * @property {number} tab_id
 * @property {string} title
 * @property {GroupColor} color
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
  };
}

/**
 * @typedef {object} GroupApi the chrome.* calls groupTab makes
 * @property {(tabId: number) => Promise<{windowId: number, groupId?: number}>} getTab
 * @property {(windowId: number) => Promise<{type?: string}>} getWindow
 * @property {(windowId: number) => Promise<{id: number, title?: string}[]>} groupsIn
 * @property {(tabId: number, target: {groupId: number} | {windowId: number}) => Promise<number>} group
 *   adds the tab to the group, or to a new group in the window; returns the group's id
 * @property {(groupId: number, props: {title: string, color: GroupColor}) => Promise<void>} update
 */

/**
 * @param {GroupRequest} request
 * @param {GroupApi} api
 * @returns {Promise<number>} the group's id
 */
export async function groupTab({ tab_id: tabId, title, color }, api) {
  const tab = await api.getTab(tabId);
  const win = await api.getWindow(tab.windowId);
  if (win.type !== undefined && win.type !== "normal") {
    throw notGroupable(tabId, win.type);
  }
  // Compared here, not by tabGroups.query's `title`, which is a pattern where * and ? match anything.
  const existing = (await api.groupsIn(tab.windowId)).find((group) => group.title === title);
  if (existing !== undefined) {
    if (tab.groupId !== existing.id) {
      await api.group(tabId, { groupId: existing.id });
    }
    return existing.id;
  }
  const groupId = await api.group(tabId, { windowId: tab.windowId });
  await api.update(groupId, { title, color });
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
};
