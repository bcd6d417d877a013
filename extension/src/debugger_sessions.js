// @ts-check
/**
 * The extension's chrome.debugger sessions, one per tab, protocol version 1.3.
 *
 * Which tabs are attached is kept in memory only. Chrome keeps a session when the service worker
 * is stopped, so after a restart a tab may be attached without this set knowing: CDP commands are
 * sent regardless, and attach recovers (see attach).
 */

import { errorText } from "./errors.js";

export const PROTOCOL_VERSION = "1.3";

const ALREADY_ATTACHED = /^Another debugger is already attached\b/;
const NOT_ATTACHED = /^Debugger is not attached\b|^Detached while handling command\b/;

export class DebuggerSessions {
  /** @type {Set<number>} */
  #attached = new Set();
  /** @type {Map<number, Promise<void>>} */
  #attaching = new Map();
  #isAgentTab;

  /** @param {(tabId: number) => Promise<boolean>} isAgentTab */
  constructor(isAgentTab) {
    this.#isAgentTab = isAgentTab;
  }

  /**
   * @param {number} tabId
   * @returns {boolean}
   */
  isAttached(tabId) {
    return this.#attached.has(tabId);
  }

  /**
   * Attaches to the tab; succeeds at once when this extension already has it attached. Concurrent
   * calls for one tab share one attempt.
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  attach(tabId) {
    if (this.#attached.has(tabId)) {
      return Promise.resolve();
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
      await chrome.debugger.attach({ tabId }, PROTOCOL_VERSION);
    } catch (err) {
      // After a worker restart the session may be ours from before. Only our own session can be
      // detached by us, so a detach that succeeds proves it; then attach afresh. Someone else's
      // session (another extension) makes detach fail, and the original error stands.
      if (!ALREADY_ATTACHED.test(errorText(err)) || !(await this.#isAgentTab(tabId))) {
        throw err;
      }
      try {
        await chrome.debugger.detach({ tabId });
      } catch {
        throw err;
      }
      await chrome.debugger.attach({ tabId }, PROTOCOL_VERSION);
    }
    this.#attached.add(tabId);
  }

  /**
   * @param {number} tabId
   * @returns {Promise<void>}
   */
  async detach(tabId) {
    await this.#attaching.get(tabId)?.catch(() => {});
    this.#attached.delete(tabId);
    await chrome.debugger.detach({ tabId });
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
      const result = await chrome.debugger.sendCommand(target, method, params);
      return result ?? {};
    } catch (err) {
      if (NOT_ATTACHED.test(errorText(err))) {
        this.#attached.delete(tabId);
      }
      throw err;
    }
  }

  /**
   * Stops pausing the responses of every attached tab (Fetch.disable), which lets those paused go
   * on: what a host asked for dies with it.
   * @returns {Promise<void>}
   */
  async stopPausing() {
    await Promise.all([...this.#attached].map((tabId) => this.send(tabId, "Fetch.disable", {}).catch(() => {})));
  }

  /**
   * Forgets the tab's session: Chrome ended it, or the tab is gone.
   * @param {number} tabId
   */
  forget(tabId) {
    this.#attached.delete(tabId);
  }
}
