// @ts-check
/**
 * The person's own decisions from the popup, carried out by the worker: share a tab with a
 * connected session (`tab.shared`), or take it back from the agent (`tab.unshared`). These are the
 * only things the extension does without being asked by the host, and only on the person's click.
 *
 * The chrome.* calls sit behind SharingDeps, so the logic runs under node:test with fakes.
 */

import { errorText } from "./errors.js";
import { isWebUrl } from "./tab.js";

/** @typedef {(event: string, params: object) => void} Emit */

/**
 * @typedef {object} SharingDeps
 * @property {Pick<import("./agent_tabs.js").AgentTabs, "sessionOf" | "add" | "remove">} agentTabs
 * @property {() => Promise<import("./connected_sessions.js").ConnectedSession[]>} sessions the connected sessions
 * @property {(tabId: number) => Promise<{url?: string, pendingUrl?: string} | undefined>} getTab undefined when there is no such tab
 * @property {(tabId: number) => Promise<void>} detach the extension's debugger from the tab
 * @property {(tabId: number) => Promise<void>} ungroup
 * @property {Emit} emit sends an event to the host
 */

/** A share or stop the worker refuses; the message is for the person. */
export class RefusedError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RefusedError";
  }
}

/**
 * Makes tabId an agent tab of session and tells the host.
 * @param {SharingDeps} deps
 * @param {number} tabId
 * @param {string} session
 * @returns {Promise<void>}
 */
export async function shareTab(deps, tabId, session) {
  const connected = (await deps.sessions()).some((s) => s.session === session);
  if (!connected) {
    throw new RefusedError("That agent is no longer connected.");
  }
  const tab = await deps.getTab(tabId);
  if (tab === undefined) {
    throw new RefusedError("This tab no longer exists.");
  }
  if (!isWebUrl(tab.url || tab.pendingUrl)) {
    throw new RefusedError("Only web pages (http or https) can be shared.");
  }
  const owner = await deps.agentTabs.sessionOf(tabId);
  if (owner === session) {
    return;
  }
  if (owner !== undefined) {
    throw new RefusedError("This tab is already used by another agent. Stop sharing it first.");
  }
  await deps.agentTabs.add(tabId, session);
  deps.emit("tab.shared", { tab_id: tabId, session });
}

/**
 * Takes tabId away from the agent: drops it from the agent tabs (from then on the host's requests
 * cannot attach it), detaches the debugger, ungroups the tab, and tells the host.
 * @param {SharingDeps} deps
 * @param {number} tabId
 * @returns {Promise<void>}
 */
export async function stopSharing(deps, tabId) {
  if ((await deps.agentTabs.sessionOf(tabId)) === undefined) {
    throw new RefusedError("This tab is not shared with an agent.");
  }
  // First, so that an attach already under way either sees it gone or is detached below.
  await deps.agentTabs.remove(tabId);
  try {
    await deps.detach(tabId);
  } catch (err) {
    if (!NOT_ATTACHED.test(errorText(err))) {
      console.warn(`diwall: detaching the debugger from tab ${tabId} failed:`, err);
    }
  }
  try {
    await deps.ungroup(tabId);
  } catch {
    // Not in a group, or the tab is gone: nothing to undo.
  }
  deps.emit("tab.unshared", { tab_id: tabId });
}

const NOT_ATTACHED = /\bnot attached\b/i;
