// @ts-check
/** The `Tab` object of PROTOCOL.md, made from a chrome.tabs.Tab, and which tabs are web pages. */

/**
 * @typedef {object} Tab
 * @property {number} tab_id
 * @property {number} window_id
 * @property {string} url
 * @property {string} title
 * @property {"loading" | "complete"} status
 * @property {boolean} active
 * @property {number} [opener_tab_id] in tab.created only: the agent tab whose page opened this one
 */

/**
 * @param {chrome.tabs.Tab} tab
 * @returns {Tab}
 */
export function toTab(tab) {
  /** @type {Tab} */
  const out = {
    tab_id: tab.id ?? -1,
    window_id: tab.windowId,
    // A tab that has not committed its first navigation yet has url "" and pendingUrl set.
    url: tab.url || tab.pendingUrl || "",
    title: tab.title ?? "",
    // Chrome also has "unloaded" (a discarded tab) and may omit status: neither is loading.
    status: tab.status === "loading" ? "loading" : "complete",
    active: tab.active,
  };
  // opener_tab_id is only for tab.created (events.js): Chrome's openerTabId also names the active
  // tab as the opener of tabs the person opens, so it is never passed on.
  return out;
}

/**
 * Whether url is a web page (http or https): the only tabs the person can share with an agent.
 * @param {string | undefined} url
 * @returns {boolean}
 */
export function isWebUrl(url) {
  if (url === undefined) {
    return false;
  }
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
