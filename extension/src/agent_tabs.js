// @ts-check
/**
 * The agent's tabs: a map from tab id to the key of the MCP session that owns the tab. It is what
 * the host last gave with `agent_tabs.set`, plus the tabs their pages opened (each in its opener's
 * session; see events.js), plus the tabs the person shared from the popup. Only these may be
 * attached or sent CDP commands. Kept in chrome.storage.session, so it survives the service
 * worker being stopped, lasts as long as the browser session, and the popup can read it.
 */

import { isPlainObject, objectListParam, requireUnique, sessionKeyParam, tabIdParam } from "./params.js";

/** The storage.session key; its value is a list of AgentTab. */
export const AGENT_TABS_KEY = "agent_tabs";

/**
 * @typedef {object} AgentTab
 * @property {number} tab_id
 * @property {string} session the MCP session's key
 */

/**
 * The params of `agent_tabs.set`: `{tabs: [{tab_id, session}]}`, each tab listed once.
 * @param {import("./params.js").Params} params
 * @returns {AgentTab[]}
 */
export function agentTabsParam(params) {
  const tabs = objectListParam(params, "tabs", (item) => ({
    tab_id: tabIdParam(item),
    session: sessionKeyParam(item),
  }));
  requireUnique(tabs, (tab) => tab.tab_id, "tabs", "tab_id");
  return tabs;
}

/**
 * Reads a stored value back into a map, skipping anything malformed.
 * @param {unknown} stored
 * @returns {Map<number, string>}
 */
export function parseAgentTabs(stored) {
  /** @type {Map<number, string>} */
  const map = new Map();
  if (!Array.isArray(stored)) {
    return map;
  }
  for (const entry of stored) {
    if (
      isPlainObject(entry) &&
      Number.isSafeInteger(entry.tab_id) &&
      /** @type {number} */ (entry.tab_id) >= 0 &&
      typeof entry.session === "string" &&
      entry.session !== ""
    ) {
      map.set(/** @type {number} */ (entry.tab_id), entry.session);
    }
  }
  return map;
}

/**
 * The stored map, read afresh (for the popup, which has no AgentTabs of its own).
 * @param {chrome.storage.StorageArea} area chrome.storage.session
 * @returns {Promise<Map<number, string>>}
 */
export async function readAgentTabs(area) {
  const items = await area.get(AGENT_TABS_KEY);
  return parseAgentTabs(items[AGENT_TABS_KEY]);
}

/** The service worker's copy of the map, written through to storage. */
export class AgentTabs {
  /** @type {Map<number, string>} */
  #tabs = new Map();
  /** @type {Promise<void> | undefined} */
  #loaded;
  /** @type {Promise<void>} */
  #saving = Promise.resolve();
  #area;

  /** @param {chrome.storage.StorageArea} area chrome.storage.session */
  constructor(area) {
    this.#area = area;
  }

  /**
   * Reads the stored map once per worker start; later calls share that read. Never rejects.
   * @returns {Promise<void>}
   */
  load() {
    this.#loaded ??= readAgentTabs(this.#area).then(
      (stored) => {
        // Every method awaits this read before it looks at or changes the map.
        this.#tabs = stored;
      },
      (err) => console.warn("diwall: cannot read the agent tabs from storage.session:", err),
    );
    return this.#loaded;
  }

  /**
   * @param {number} tabId
   * @returns {Promise<boolean>}
   */
  async has(tabId) {
    await this.load();
    return this.#tabs.has(tabId);
  }

  /**
   * The key of the session that owns the tab, or undefined when it is not an agent tab.
   * @param {number} tabId
   * @returns {Promise<string | undefined>}
   */
  async sessionOf(tabId) {
    await this.load();
    return this.#tabs.get(tabId);
  }

  /** @returns {Promise<AgentTab[]>} */
  async list() {
    await this.load();
    return [...this.#tabs].map(([tab_id, session]) => ({ tab_id, session }));
  }

  /**
   * Replaces the whole map.
   * @param {AgentTab[]} tabs
   * @returns {Promise<void>}
   */
  async replace(tabs) {
    await this.load();
    this.#tabs = new Map(tabs.map((tab) => [tab.tab_id, tab.session]));
    await this.#save();
  }

  /**
   * Makes the tab an agent tab of session (or moves it there).
   * @param {number} tabId
   * @param {string} session
   * @returns {Promise<void>}
   */
  async add(tabId, session) {
    await this.load();
    if (this.#tabs.get(tabId) !== session) {
      this.#tabs.set(tabId, session);
      await this.#save();
    }
  }

  /**
   * @param {number} tabId
   * @returns {Promise<boolean>} whether it was an agent tab
   */
  async remove(tabId) {
    await this.load();
    if (!this.#tabs.delete(tabId)) {
      return false;
    }
    await this.#save();
    return true;
  }

  /**
   * Writes the current map; writes are queued so the last one stored is the latest map.
   * @returns {Promise<void>}
   */
  #save() {
    /** @type {AgentTab[]} */
    const snapshot = [...this.#tabs].map(([tab_id, session]) => ({ tab_id, session }));
    this.#saving = this.#saving.then(() => this.#area.set({ [AGENT_TABS_KEY]: snapshot }));
    const done = this.#saving;
    // A failed write must not stop the ones queued after it.
    this.#saving = this.#saving.catch(() => {});
    return done;
  }
}
