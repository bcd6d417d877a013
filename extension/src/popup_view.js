// @ts-check
/**
 * What the toolbar popup shows, without touching the page or chrome.*: for a tab, worked out from
 * the connected sessions, the agent tabs and the tab; above it, the steps agents handed to the
 * person, from the operator's event stream. popup.js draws it.
 */

import { isWebUrl } from "./tab.js";

/** @typedef {import("./connected_sessions.js").ConnectedSession} ConnectedSession */

/**
 * @typedef {"shared" | "shareable" | "no_sessions" | "not_shareable" | "no_tab"} PopupState
 *   shared: the tab is an agent tab; shareable: buttons to share it; the rest: why it cannot be shared
 */

/**
 * @typedef {object} ShareButton
 * @property {string} session the session's key (the button's data-session)
 * @property {string} label
 * @property {import("./tab_groups.js").GroupColor} color
 */

/**
 * @typedef {object} PopupView
 * @property {PopupState} state
 * @property {string} message the sentence at the top
 * @property {ShareButton[]} shares one per connected session, when the tab can be shared
 * @property {boolean} canStop whether to offer "Stop sharing"
 * @property {{name: string, color: import("./tab_groups.js").GroupColor}[]} connected the connected
 *   sessions, listed at the bottom
 */

/**
 * @typedef {object} TargetTab the parts of chrome.tabs.Tab looked at
 * @property {number} id
 * @property {string} [url]
 * @property {string} [pendingUrl]
 */

/**
 * @param {object} input
 * @param {ConnectedSession[]} input.sessions the connected sessions
 * @param {Map<number, string>} input.agentTabs tab id -> session key
 * @param {TargetTab | undefined} input.tab the tab to act on; undefined when there is none
 * @param {boolean} [input.tabGone] the tab asked for does not exist
 * @returns {PopupView}
 */
export function popupView({ sessions, agentTabs, tab, tabGone = false }) {
  /** @type {PopupView} */
  const view = {
    state: "no_tab",
    message: "",
    shares: [],
    canStop: false,
    connected: sessions.map((s) => ({ name: displayName(s), color: s.color })),
  };
  if (tab === undefined) {
    view.message = tabGone ? "This tab no longer exists." : "There is no tab to share.";
    return view;
  }
  const owner = agentTabs.get(tab.id);
  if (owner !== undefined) {
    const session = sessions.find((s) => s.session === owner);
    view.state = "shared";
    view.message =
      session === undefined
        ? "Used by an agent that is not connected now."
        : `Used by ${displayName(session)}.`;
    view.canStop = true;
    return view;
  }
  if (sessions.length === 0) {
    view.state = "no_sessions";
    view.message = "No agent is connected.";
    return view;
  }
  if (!isWebUrl(tab.url || tab.pendingUrl)) {
    view.state = "not_shareable";
    view.message = "Only web pages (http or https) can be shared with an agent.";
    return view;
  }
  view.state = "shareable";
  view.message = "This tab is not shared. An agent you share it with can see and act in it.";
  view.shares = sessions.map((s) => ({
    session: s.session,
    label: `Share this tab with ${displayName(s)}`,
    color: s.color,
  }));
  return view;
}

/**
 * @typedef {object} HandoffView a step an agent handed to the person, waiting for their answer
 * @property {string} session the session's key (the control message's `session`)
 * @property {string} name the agent's name
 * @property {string} color its tab group's colour
 * @property {string} reason the model's words, shown as the model's, as text
 * @property {number} since milliseconds since the Unix epoch
 */

/**
 * The handoffs that wait for the person, oldest first.
 * @param {Iterable<import("./operator_model.js").Session>} sessions the operator stream's sessions
 * @returns {HandoffView[]}
 */
export function handoffViews(sessions) {
  /** @type {HandoffView[]} */
  const views = [];
  for (const s of sessions) {
    const h = s.handoff;
    if (h !== undefined && h !== null && typeof h.reason === "string") {
      const name = typeof s.name === "string" && s.name.trim() !== "" ? s.name.trim() : "an unnamed agent";
      const since = Number.isFinite(h.since) ? h.since : 0;
      views.push({ session: s.key, name, color: s.color, reason: h.reason, since });
    }
  }
  return views.sort((a, b) => a.since - b.since);
}

/**
 * The name the person reads for a session.
 * @param {ConnectedSession} session
 * @returns {string}
 */
export function displayName(session) {
  const name = session.name.trim();
  return name === "" ? "an unnamed agent" : name;
}

/**
 * The tab id in the page's query (`?tab=N`): undefined when there is none (the popup then acts on
 * the active tab), null when it is not a tab id (the popup then acts on no tab).
 * @param {string} search location.search
 * @returns {number | null | undefined}
 */
export function tabIdFromQuery(search) {
  const value = new URLSearchParams(search).get("tab");
  if (value === null) {
    return undefined;
  }
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}
