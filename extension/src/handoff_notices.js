// @ts-check
/**
 * Desktop notifications of handoffs (`handoff.show`, `handoff.clear`): while a step an agent
 * handed to the person waits for them, the everyday browser shows "Diwall: <client> needs you" with
 * the model's reason, quoted as the model's words. Clicking it brings the agent's tab, and its
 * window, to the front; the person then does the step there and answers in the popup, the side
 * panel, the operator page or on the command line (a notification carries no answer). The host
 * clears it when the handoff ends, and every one goes when the host does.
 *
 * Which tab each notification brings forward is kept in chrome.storage.session, so a worker that
 * Chrome stopped, and wakes for the click, still knows. Where Chrome shows no notifications (a
 * headless browser, notifications turned off), `handoff.show` answers `{shown: false}` and the
 * rest goes on. The chrome.* calls sit behind NoticeApi and FocusApi, so the logic runs under
 * node:test with fakes.
 */

import { boundedStringParam, isPlainObject, sessionKeyParam, tabIdParam } from "./params.js";
import { serialQueue } from "./serial.js";

/** The storage.session key; its value is a list of Notice. */
export const NOTICES_KEY = "handoff_notices";

/** What the ids of handoff notifications start with; the session's key follows. */
export const NOTICE_ID_PREFIX = "diwall-handoff:";

/** Longest client name and reason taken (the host cuts the reason at 500 characters). */
const CLIENT_MAX = 200;
const REASON_MAX = 1024;

/** The notification's icon: an amber disc with an exclamation mark, 48×48. */
const ICON_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAABVklEQVR42u2awQ2DMAxFMwR37gyUO1MwBXd26AQZgCm4MwC3HpDrSGmVIkopsZM4aqR/QRT+q5zEdlDqP5S631SF0qgeZVATakGtTou7Ztw99t4qB+OtMwUXZX/bpjDeoeYA41vZZ3UxjGsXCsAk+2zNZX5gNL7VQGm8Ro0RzT9l31mHmm+YQ+ZMSDUh/3xK8z5EfQVgzMD8K5yiTthPI8rEdkslZAgAp5ZYirhnBJjO7LCQMQAc7thU6QEzwHyUmIEAANhNAAOzytgAZi+fB0EA8FZPUCydCQC0D9ALBOhZ4j8igCHdvBIATD7AIhBg8QFWgQBrUQDiQ0j8JBa/jIrfyMSnElVGBfzvyRzHPGCWYS1oIqhlLSn35gFlJ7vcol58W4ViSf022Btb4luLFM1dBoAxenud0Py19rr4A44ijpiKOOQr5pi1iIPuYj41KOZjjxzGA4o2TkceGoqkAAAAAElFTkSuQmCC";

/**
 * @typedef {object} HandoffNotice the params of `handoff.show`
 * @property {string} session the key of the session that waits
 * @property {string} client its MCP client's name (untrusted text)
 * @property {string} reason the model's words (untrusted text)
 * @property {number} [tab_id] the Chrome tab the person is asked to act in
 */

/**
 * @typedef {object} Notice what a click needs: the session, and the tab to bring forward
 * @property {string} session
 * @property {number} [tab_id]
 */

/**
 * @param {import("./params.js").Params} params
 * @returns {HandoffNotice}
 */
export function handoffShowParams(params) {
  /** @type {HandoffNotice} */
  const notice = {
    session: sessionKeyParam(params),
    client: boundedStringParam(params, "client", 1, CLIENT_MAX),
    reason: boundedStringParam(params, "reason", 1, REASON_MAX),
  };
  if (params.tab_id !== undefined && params.tab_id !== null) {
    notice.tab_id = tabIdParam(params);
  }
  return notice;
}

/**
 * @param {string} session
 * @returns {string} the notification's id
 */
export function noticeId(session) {
  return NOTICE_ID_PREFIX + session;
}

/**
 * What the notification says. The reason is the model's: it is quoted and said to be the model's.
 * @param {HandoffNotice} notice
 * @returns {{title: string, message: string, contextMessage: string}}
 */
export function noticeText({ client, reason }) {
  return {
    title: `Diwall: ${client.trim() || "an agent"} needs you`,
    message: `The model says: “${reason}”`,
    contextMessage: "Click to go to its tab. Do the step there, then answer Done or I can't in Diwall.",
  };
}

/**
 * Reads the stored list back, skipping anything malformed.
 * @param {unknown} stored
 * @returns {Notice[]}
 */
export function parseNotices(stored) {
  if (!Array.isArray(stored)) {
    return [];
  }
  /** @type {Notice[]} */
  const notices = [];
  for (const entry of stored) {
    if (isPlainObject(entry) && typeof entry.session === "string" && entry.session !== "") {
      const tabId = entry.tab_id;
      notices.push(
        Number.isSafeInteger(tabId) && /** @type {number} */ (tabId) >= 0
          ? { session: entry.session, tab_id: /** @type {number} */ (tabId) }
          : { session: entry.session },
      );
    }
  }
  return notices;
}

/**
 * @typedef {object} NoticeApi the chrome.notifications calls made
 * @property {(id: string, text: {title: string, message: string, contextMessage: string}) => Promise<void>} show
 *   shows the notification, or replaces the one of that id; rejects when Chrome cannot show it
 * @property {(id: string) => Promise<void>} clear
 * @property {() => Promise<string[]>} ids the ids of this extension's notifications on screen
 */

/**
 * @typedef {object} FocusApi the calls a click makes
 * @property {(tabId: number) => Promise<boolean>} focusTab makes the tab active and its window
 *   focused; false when there is no such tab
 * @property {(session: string) => Promise<number[]>} tabsOf the session's agent tabs
 */

export class HandoffNotices {
  #area;
  #api;
  #focus;
  #serial = serialQueue();

  /**
   * @param {object} deps
   * @param {chrome.storage.StorageArea} deps.area chrome.storage.session
   * @param {NoticeApi} deps.api
   * @param {FocusApi} deps.focus
   */
  constructor({ area, api, focus }) {
    this.#area = area;
    this.#api = api;
    this.#focus = focus;
  }

  /**
   * Shows the session's handoff, replacing one it showed before.
   * @param {HandoffNotice} notice
   * @returns {Promise<boolean>} whether Chrome showed it
   */
  show(notice) {
    return this.#serial(async () => {
      const others = (await this.#read()).filter((n) => n.session !== notice.session);
      await this.#write([...others, notice.tab_id === undefined ? { session: notice.session } : { session: notice.session, tab_id: notice.tab_id }]);
      try {
        await this.#api.show(noticeId(notice.session), noticeText(notice));
        return true;
      } catch (err) {
        console.warn("diwall: the handoff's notification was not shown:", err);
        return false;
      }
    });
  }

  /**
   * The session's handoff ended: its notification goes. Clearing one that is not shown is no error.
   * @param {string} session
   * @returns {Promise<void>}
   */
  clear(session) {
    return this.#serial(async () => {
      const notices = await this.#read();
      const rest = notices.filter((n) => n.session !== session);
      if (rest.length !== notices.length) {
        await this.#write(rest);
      }
      await this.#clearQuietly(noticeId(session));
    });
  }

  /**
   * The host is gone, or a new one is starting: its handoffs are over, and every notification goes
   * (also one a stopped worker did not record).
   * @returns {Promise<void>}
   */
  clearAll() {
    return this.#serial(async () => {
      const stored = await this.#read();
      if (stored.length > 0) {
        await this.#write([]);
      }
      /** @type {string[]} */
      let shown = [];
      try {
        shown = (await this.#api.ids()).filter((id) => id.startsWith(NOTICE_ID_PREFIX));
      } catch {
        // No notifications here: nothing is shown.
      }
      const ids = new Set([...stored.map((n) => noticeId(n.session)), ...shown]);
      await Promise.all([...ids].map((id) => this.#clearQuietly(id)));
    });
  }

  /**
   * The person clicked a notification: the agent's tab comes to the front, or, when that tab is
   * gone or was not named, the session's first agent tab. A click on any other notification is
   * not ours.
   * @param {string} notificationId
   * @returns {Promise<void>}
   */
  clicked(notificationId) {
    return this.#serial(async () => {
      if (!notificationId.startsWith(NOTICE_ID_PREFIX)) {
        return;
      }
      const session = notificationId.slice(NOTICE_ID_PREFIX.length);
      const notice = (await this.#read()).find((n) => n.session === session);
      if (notice === undefined) {
        return; // its handoff is over
      }
      const candidates = [...(notice.tab_id === undefined ? [] : [notice.tab_id]), ...(await this.#focus.tabsOf(session))];
      for (const tabId of candidates) {
        if (await this.#focus.focusTab(tabId)) {
          return;
        }
      }
    });
  }

  /** @returns {Promise<Notice[]>} */
  async #read() {
    const items = await this.#area.get(NOTICES_KEY);
    return parseNotices(items[NOTICES_KEY]);
  }

  /** @param {Notice[]} notices */
  async #write(notices) {
    await this.#area.set({ [NOTICES_KEY]: notices });
  }

  /** @param {string} id */
  async #clearQuietly(id) {
    try {
      await this.#api.clear(id);
    } catch {
      // Not shown, or no notifications here.
    }
  }
}

/**
 * chrome.notifications, which may be missing (no permission) or do nothing (a headless browser).
 * @type {NoticeApi}
 */
export const chromeNoticeApi = {
  async show(id, text) {
    if (chrome.notifications?.create === undefined) {
      throw new Error("chrome.notifications is not available");
    }
    await chrome.notifications.create(id, { type: "basic", iconUrl: ICON_URL, priority: 2, requireInteraction: true, ...text });
  },
  async clear(id) {
    await chrome.notifications?.clear(id);
  },
  async ids() {
    return Object.keys((await chrome.notifications?.getAll()) ?? {});
  },
};

/**
 * @param {import("./agent_tabs.js").AgentTabs} agentTabs
 * @returns {FocusApi}
 */
export function chromeFocusApi(agentTabs) {
  return {
    async focusTab(tabId) {
      try {
        const tab = await chrome.tabs.update(tabId, { active: true });
        if (tab?.windowId !== undefined) {
          await chrome.windows.update(tab.windowId, { focused: true });
        }
        return true;
      } catch {
        return false; // the tab is gone
      }
    },
    async tabsOf(session) {
      return (await agentTabs.list()).filter((t) => t.session === session).map((t) => t.tab_id);
    },
  };
}
