// @ts-check
/**
 * Downloads of the agent's tabs that Chrome's download manager would save. Chrome must never save
 * one: the person's Downloads folder is theirs, and the host saves an agent's download only in the
 * profile's download folder, from bytes it reads itself. Most downloads never get here: a document
 * response that is a download pauses (Fetch), and the host takes its body and cancels the request.
 * What gets here is what Fetch cannot see (a `download` attribute, a `blob:` or `data:` URL, a tab
 * that started a download before the host attached it): each such download of an agent tab is
 * cancelled before its file is named, so no byte is written, and `download.intercepted` tells the
 * host. The person's own downloads go on untouched, unseen and unreported.
 *
 * Chrome's download items do not say which tab started them. A download is an agent tab's when its
 * URL is one an agent tab just began to download (`Page.downloadWillBegin` on its debugger session),
 * or, for an agent tab the debugger is not attached to yet, one it just began to load
 * (`webNavigation.onBeforeNavigate`); a tab an agent tab's page opens is its opener's download
 * (`webNavigation.onCreatedNavigationTarget`), since Chrome closes a tab opened only to download. Each such word stands for one download,
 * for a few seconds: a person who downloads the same URL in a tab of their own later is not taken
 * for the agent.
 */

/** @typedef {(event: string, params: object) => void} Emit */

/** How long a URL an agent tab loaded or began to download stays attributed to it. */
export const ATTRIBUTION_MS = 5_000;
/** How long a download no agent tab is known for waits for its attribution to arrive. */
export const ATTRIBUTION_WAIT_MS = 150;

/**
 * @typedef {object} DownloadsApi the part of chrome.downloads used here
 * @property {(id: number) => Promise<void>} cancel
 * @property {(query: {id: number}) => Promise<unknown>} erase
 */

export class AgentDownloads {
  /**
   * @param {{api: DownloadsApi, emit: Emit, hasAgentTabs: () => Promise<boolean>, now?: () => number}} deps
   */
  constructor({ api, emit, hasAgentTabs, now = Date.now }) {
    this.api = api;
    this.emit = emit;
    this.hasAgentTabs = hasAgentTabs;
    this.now = now;
    /** URL -> the agent tab that loaded it, and when. @type {Map<string, {tabId: number, at: number}>} */
    this.recent = new Map();
    /** Waiting for a URL's attribution. @type {Set<() => void>} */
    this.waiting = new Set();
  }

  /**
   * Records that an agent tab loads or downloads url. The first word about a URL stands until it
   * is used or too old: a tab an agent tab's page opened to download (Chrome closes such a tab
   * once its download begins) leaves the download to its opener, which is still there.
   * @param {number} tabId
   * @param {string} url
   */
  note(tabId, url) {
    if (typeof url !== "string" || url === "" || url === "about:blank") {
      return;
    }
    const at = this.now();
    for (const [u, seen] of this.recent) {
      if (at - seen.at > ATTRIBUTION_MS) {
        this.recent.delete(u);
      }
    }
    if (!this.recent.has(url)) {
      this.recent.set(url, { tabId, at });
    }
    for (const wake of this.waiting) {
      wake();
    }
  }

  /**
   * The agent tab a download item belongs to, or undefined; the word that attributed it is used up.
   * @param {{url: string, finalUrl?: string}} item
   * @returns {number | undefined}
   */
  tabOf(item) {
    for (const url of [item.url, item.finalUrl]) {
      const seen = url === undefined ? undefined : this.recent.get(url);
      if (seen !== undefined && this.now() - seen.at <= ATTRIBUTION_MS) {
        this.recent.delete(/** @type {string} */ (url));
        return seen.tabId;
      }
    }
    return undefined;
  }

  /**
   * chrome.downloads.onDeterminingFilename: an agent tab's download is cancelled before its file
   * is named and reported to the host; any other goes on as Chrome would have it.
   * @param {{id: number, url: string, finalUrl?: string, mime?: string, filename?: string, fileSize?: number, totalBytes?: number}} item
   * @param {() => void} suggest
   * @returns {Promise<void>}
   */
  async determining(item, suggest) {
    let tabId = this.tabOf(item);
    if (tabId === undefined && (await this.hasAgentTabs())) {
      tabId = await this.waitFor(item);
    }
    if (tabId === undefined) {
      suggest();
      return;
    }
    try {
      await this.api.cancel(item.id);
      await this.api.erase({ id: item.id });
    } catch (err) {
      console.warn("diwall: cancelling an agent tab's download failed:", err);
    }
    suggest();
    this.emit("download.intercepted", {
      tab_id: tabId,
      url: item.url,
      final_url: item.finalUrl ?? item.url,
      mime: item.mime ?? "",
      suggested_name: baseName(item.filename ?? ""),
      total_bytes: typeof item.totalBytes === "number" && item.totalBytes > 0 ? item.totalBytes : 0,
    });
  }

  /**
   * Waits a little for an agent tab's attribution of the item (its debugger event may come after
   * Chrome's download event).
   * @param {{url: string, finalUrl?: string}} item
   * @returns {Promise<number | undefined>}
   */
  waitFor(item) {
    return new Promise((resolve) => {
      const done = (/** @type {number | undefined} */ tabId) => {
        this.waiting.delete(wake);
        clearTimeout(timer);
        resolve(tabId);
      };
      const wake = () => {
        const tabId = this.tabOf(item);
        if (tabId !== undefined) {
          done(tabId);
        }
      };
      const timer = setTimeout(() => done(undefined), ATTRIBUTION_WAIT_MS);
      this.waiting.add(wake);
      wake(); // it may have come while the caller awaited
    });
  }
}

/**
 * The last part of a path Chrome chose (the page's suggested name), without folders.
 * @param {string} path
 * @returns {string}
 */
export function baseName(path) {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? "";
}
