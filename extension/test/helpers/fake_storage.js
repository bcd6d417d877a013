/**
 * A stand-in for a chrome.storage area: get, set and remove of JSON-like values, copied on the way
 * in and out as Chrome's structured clone does. `failNextSet` makes the next set reject.
 */
export class FakeStorageArea {
  /** @type {Map<string, string>} */
  items = new Map();
  failNextSet = false;
  sets = 0;
  removes = 0;

  /**
   * @param {string | string[] | null} [keys]
   * @returns {Promise<Record<string, unknown>>}
   */
  async get(keys) {
    /** @type {Record<string, unknown>} */
    const out = {};
    const wanted = keys === undefined || keys === null ? [...this.items.keys()] : [keys].flat();
    for (const key of wanted) {
      if (this.items.has(key)) {
        out[key] = JSON.parse(/** @type {string} */ (this.items.get(key)));
      }
    }
    return out;
  }

  /**
   * @param {Record<string, unknown>} items
   * @returns {Promise<void>}
   */
  async set(items) {
    if (this.failNextSet) {
      this.failNextSet = false;
      throw new Error("storage quota exceeded");
    }
    this.sets++;
    for (const [key, value] of Object.entries(items)) {
      this.items.set(key, JSON.stringify(value));
    }
  }

  /**
   * @param {string | string[]} keys
   * @returns {Promise<void>}
   */
  async remove(keys) {
    this.removes++;
    for (const key of [keys].flat()) {
      this.items.delete(key);
    }
  }

  /**
   * The stored value of key, as Chrome would hand it back.
   * @param {string} key
   */
  peek(key) {
    const raw = this.items.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
}
