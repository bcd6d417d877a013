// @ts-check
/**
 * The agent's tabs: the set the host last gave with `agent_tabs.set`, plus the tabs they opened.
 * Kept in chrome.storage.session, so it survives the service worker being stopped and lasts as
 * long as the browser session.
 */

const STORAGE_KEY = "agent_tab_ids";

export class AgentTabs {
  /** @type {Set<number>} */
  #ids = new Set();
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
   * Reads the stored set once per worker start; later calls share that read. Never rejects.
   * @returns {Promise<void>}
   */
  load() {
    this.#loaded ??= this.#area.get(STORAGE_KEY).then(
      (items) => {
        const stored = items[STORAGE_KEY];
        if (Array.isArray(stored)) {
          for (const id of stored) {
            if (Number.isSafeInteger(id)) {
              this.#ids.add(id);
            }
          }
        }
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
    return this.#ids.has(tabId);
  }

  /** @returns {Promise<number[]>} */
  async list() {
    await this.load();
    return [...this.#ids];
  }

  /**
   * Replaces the set.
   * @param {number[]} tabIds
   * @returns {Promise<void>}
   */
  async replace(tabIds) {
    await this.load();
    this.#ids = new Set(tabIds);
    await this.#save();
  }

  /**
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  async add(tabId) {
    await this.load();
    if (!this.#ids.has(tabId)) {
      this.#ids.add(tabId);
      await this.#save();
    }
  }

  /**
   * @param {number} tabId
   * @returns {Promise<boolean>} whether it was an agent tab
   */
  async remove(tabId) {
    await this.load();
    if (!this.#ids.delete(tabId)) {
      return false;
    }
    await this.#save();
    return true;
  }

  /**
   * Writes the current set; writes are queued so the last one stored is the latest set.
   * @returns {Promise<void>}
   */
  #save() {
    const snapshot = [...this.#ids];
    this.#saving = this.#saving.then(() => this.#area.set({ [STORAGE_KEY]: snapshot }));
    const done = this.#saving;
    // A failed write must not stop the ones queued after it.
    this.#saving = this.#saving.catch(() => {});
    return done;
  }
}
