// @ts-check
/**
 * Browser events forwarded to the host (PROTOCOL.md, "Events"): only about agent tabs, the tabs
 * they open, and the extension's own debugger sessions. (The events of the person's decisions,
 * `tab.shared`, `tab.unshared` and `approval.answered`, come from sharing.js and approvals.js.)
 */

import { FORWARDED_CDP_EVENTS } from "./cdp_allowlist.js";
import { toTab } from "./tab.js";

/** @typedef {import("./agent_tabs.js").AgentTabs} AgentTabs */
/** @typedef {import("./debugger_sessions.js").DebuggerSessions} DebuggerSessions */
/** @typedef {(event: string, params: object) => void} Emit */

/**
 * Adds the listeners. Call it synchronously when the worker starts, so that these events wake a
 * stopped worker.
 * @param {{agentTabs: AgentTabs, sessions: DebuggerSessions, emit: Emit}} deps
 */
export function registerEventForwarders({ agentTabs, sessions, emit }) {
  // Events are handled one at a time, in Chrome's order: a child tab joins the agent set before
  // its first update is looked at, and the host sees tab.created before that tab's tab.updated.
  let queue = Promise.resolve();
  /**
   * @param {string} what
   * @param {() => Promise<void> | void} work
   */
  const inOrder = (what, work) => {
    queue = queue.then(work).catch((err) => console.warn(`diwall: handling ${what} failed:`, err));
  };

  chrome.tabs.onCreated.addListener((tab) =>
    inOrder("tabs.onCreated", async () => {
      if (tab.id === undefined || tab.openerTabId === undefined) {
        return;
      }
      // A tab opened by an agent tab belongs to its opener's session.
      const session = await agentTabs.sessionOf(tab.openerTabId);
      if (session === undefined) {
        return;
      }
      await agentTabs.add(tab.id, session);
      emit("tab.created", { tab: toTab(tab) });
    }),
  );

  chrome.tabs.onUpdated.addListener((tabId, change, tab) =>
    inOrder("tabs.onUpdated", async () => {
      if (change.url === undefined && change.title === undefined && change.status === undefined) {
        return;
      }
      if (await agentTabs.has(tabId)) {
        emit("tab.updated", { tab: toTab(tab) });
      }
    }),
  );

  chrome.tabs.onRemoved.addListener((tabId) =>
    inOrder("tabs.onRemoved", async () => {
      sessions.forget(tabId);
      if (await agentTabs.remove(tabId)) {
        emit("tab.closed", { tab_id: tabId });
      }
    }),
  );

  // Chrome reports here only the sessions this extension attached.
  chrome.debugger.onDetach.addListener((source, reason) =>
    inOrder("debugger.onDetach", () => {
      if (source.tabId === undefined) {
        return;
      }
      sessions.forget(source.tabId);
      emit("debugger.detached", { tab_id: source.tabId, reason });
    }),
  );

  chrome.debugger.onEvent.addListener((source, method, params) =>
    inOrder("debugger.onEvent", () => {
      // sessionId is set for child targets' events; the tab's own session has none.
      if (source.tabId === undefined || source.sessionId !== undefined || !FORWARDED_CDP_EVENTS.has(method)) {
        return;
      }
      emit("cdp.event", { tab_id: source.tabId, method, params: params ?? {} });
    }),
  );
}
