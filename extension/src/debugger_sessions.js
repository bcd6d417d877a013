// @ts-check
/**
 * The extension's chrome.debugger sessions, one per tab, protocol version 1.3.
 *
 * Chrome keeps a session when the service worker is stopped (measured on Chromium 156: an agent
 * tab stays attached while the worker is down). So that a restarted worker goes on with it rather
 * than detaching and attaching again, the tabs attached are kept in chrome.storage.session; a tab
 * listed there that Chrome still reports attached is taken as this extension's. Should that be
 * wrong (another client attached it meanwhile), a command fails with "not attached" and the next
 * attach recovers (see #attachOnce).
 */

import { errorText } from "./errors.js";

export const PROTOCOL_VERSION = "1.3";

/** The storage.session key; its value is the list of tab ids attached. */
export const ATTACHED_KEY = "attached_tabs";

const ALREADY_ATTACHED = /^Another debugger is already attached\b/;
const NOT_ATTACHED = /^Debugger is not attached\b|^Detached while handling command\b/;

/**
 * @typedef {object} DebuggerApi the chrome.debugger calls the sessions make
 * @property {(target: chrome.debugger.Debuggee, version: string) => Promise<void>} attach
 * @property {(target: chrome.debugger.Debuggee) => Promise<void>} detach
 * @property {(target: chrome.debugger.DebuggerSession, method: string, params?: object) => Promise<object | undefined>} sendCommand
 * @property {() => Promise<chrome.debugger.TargetInfo[]>} getTargets
 */

/** @type {DebuggerApi} */
const chromeDebugger = {
  attach: (target, version) => chrome.debugger.attach(target, version),
  detach: (target) => chrome.debugger.detach(target),
  sendCommand: (target, method, params) => chrome.debugger.sendCommand(target, method, params),
  getTargets: () => chrome.debugger.getTargets(),
};

/** How many held requests of one tab are remembered (see DebuggerSessions.noteHeld). */
const MAX_HELD = 64;

export class DebuggerSessions {
  /** @type {Set<number>} */
  #attached = new Set();
  /** @type {Map<number, Promise<void>>} */
  #attaching = new Map();
  /** @type {Promise<void> | undefined} */
  #loaded;
  /** @type {Promise<void>} */
  #saving = Promise.resolve();
  /**
   * Requests paused before they were sent (the host's request guard), by tab: the most recent
   * ones, which a host that goes away may not have answered.
   * @type {Map<number, string[]>}
   */
  #held = new Map();
  #isAgentTab;
  #area;
  #api;

  /**
   * @param {(tabId: number) => Promise<boolean>} isAgentTab
   * @param {chrome.storage.StorageArea} [area] chrome.storage.session; none keeps the set in memory
   * @param {DebuggerApi} [api]
   */
  constructor(isAgentTab, area, api = chromeDebugger) {
    this.#isAgentTab = isAgentTab;
    this.#area = area;
    this.#api = api;
  }

  /**
   * Reads back, once per worker start, the tabs attached before it: those Chrome still reports
   * attached. Never rejects.
   * @returns {Promise<void>}
   */
  load() {
    this.#loaded ??= this.#readBack().catch((err) =>
      console.warn(`diwall: cannot read back the attached tabs: ${errorText(err)}`),
    );
    return this.#loaded;
  }

  async #readBack() {
    if (this.#area === undefined) {
      return;
    }
    const stored = (await this.#area.get(ATTACHED_KEY))[ATTACHED_KEY];
    if (!Array.isArray(stored) || stored.length === 0) {
      return;
    }
    const attached = new Set((await this.#api.getTargets()).filter((t) => t.attached && t.tabId !== undefined).map((t) => t.tabId));
    const kept = stored.filter((tabId) => Number.isSafeInteger(tabId) && attached.has(tabId));
    // A kept session still holds the out-of-process frames Chrome attached for the last host, which
    // Chrome would not report again: turning auto-attach off lets them go, so that the next host's
    // Target.setAutoAttach reports them afresh, as on a new session.
    await Promise.all(
      kept.map((tabId) =>
        this.#api.sendCommand({ tabId }, "Target.setAutoAttach", { autoAttach: false, waitForDebuggerOnStart: false, flatten: true }).catch(() => {}),
      ),
    );
    for (const tabId of kept) {
      this.#attached.add(tabId);
    }
  }

  /**
   * @param {number} tabId
   * @returns {boolean}
   */
  isAttached(tabId) {
    return this.#attached.has(tabId);
  }

  /**
   * Attaches to the tab; succeeds at once when this extension already has it attached (also from
   * before the worker restarted). Concurrent calls for one tab share one attempt.
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  async attach(tabId) {
    await this.load();
    if (this.#attached.has(tabId)) {
      return;
    }
    let attempt = this.#attaching.get(tabId);
    if (attempt === undefined) {
      attempt = this.#attachOnce(tabId).finally(() => this.#attaching.delete(tabId));
      this.#attaching.set(tabId, attempt);
    }
    return attempt;
  }

  /**
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  async #attachOnce(tabId) {
    try {
      await this.#api.attach({ tabId }, PROTOCOL_VERSION);
    } catch (err) {
      // The session may be ours from before a worker restart that storage did not record. Only our
      // own session can be detached by us, so a detach that succeeds proves it; then attach afresh.
      // Someone else's session (another extension) makes detach fail, and the original error stands.
      if (!ALREADY_ATTACHED.test(errorText(err)) || !(await this.#isAgentTab(tabId))) {
        throw err;
      }
      try {
        await this.#api.detach({ tabId });
      } catch {
        throw err;
      }
      await this.#api.attach({ tabId }, PROTOCOL_VERSION);
    }
    this.#attached.add(tabId);
    this.#save();
  }

  /**
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  async detach(tabId) {
    await this.load();
    await this.#attaching.get(tabId)?.catch(() => {});
    this.forget(tabId);
    await this.#api.detach({ tabId });
  }

  /**
   * Runs one CDP command on the tab's session, or on one of its child sessions (an out-of-process
   * frame Chrome attached to it), and returns its result object.
   * @param {number} tabId
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   * @param {string} [sessionId]
   * @returns {Promise<object>}
   */
  async send(tabId, method, params, sessionId) {
    try {
      const target = sessionId === undefined ? { tabId } : { tabId, sessionId };
      const result = await this.#api.sendCommand(target, method, params);
      return result ?? {};
    } catch (err) {
      if (NOT_ATTACHED.test(errorText(err))) {
        this.forget(tabId);
      }
      throw err;
    }
  }

  /**
   * Notes a request of the tab that paused before it was sent (see stopPausing).
   * @param {number} tabId
   * @param {string} requestId
   */
  noteHeld(tabId, requestId) {
    const held = this.#held.get(tabId) ?? [];
    held.push(requestId);
    this.#held.set(tabId, held.slice(-MAX_HELD));
  }

  /**
   * Stops pausing the responses of every attached tab (Fetch.disable), which lets those paused go
   * on: what a host asked for dies with it. Also the tabs attached before the worker restarted. A
   * request the host's guard held before it was sent never goes on unasked: it is failed first (one
   * the host already answered fails harmlessly).
   * @returns {Promise<void>}
   */
  async stopPausing() {
    await this.load();
    const held = [...this.#held];
    this.#held.clear();
    await Promise.all(
      held.flatMap(([tabId, ids]) =>
        ids.map((requestId) => this.send(tabId, "Fetch.failRequest", { requestId, errorReason: "Aborted" }).catch(() => {})),
      ),
    );
    await Promise.all([...this.#attached].map((tabId) => this.send(tabId, "Fetch.disable", {}).catch(() => {})));
  }

  /**
   * Forgets the tab's session: Chrome ended it, or the tab is gone.
   * @param {number} tabId
   */
  forget(tabId) {
    if (this.#attached.delete(tabId)) {
      this.#save();
    }
  }

  /** Writes the set; writes are queued so the last one stored is the latest set. */
  #save() {
    const area = this.#area;
    if (area === undefined) {
      return;
    }
    const snapshot = [...this.#attached];
    this.#saving = this.#saving
      .then(() => area.set({ [ATTACHED_KEY]: snapshot }))
      .catch((err) => console.warn(`diwall: cannot store the attached tabs: ${errorText(err)}`));
  }
}
