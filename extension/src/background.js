// @ts-check
/**
 * The service worker's entry. Everything here runs at the top level on every worker start:
 * listeners are added synchronously (so Chrome wakes a stopped worker for their events), and the
 * worker connects to the host at once. The extension decides nothing; the host does. The only
 * things it does unasked are the person's own clicks in its pages (the popup and the approval
 * windows), which arrive here as runtime messages.
 */

import { AgentTabs } from "./agent_tabs.js";
import { APPROVAL_PAGE, Approvals, chromeApprovalWindows } from "./approvals.js";
import { ConnectedSessions } from "./connected_sessions.js";
import { DebuggerSessions } from "./debugger_sessions.js";
import { AgentDownloads } from "./downloads.js";
import { registerEventForwarders } from "./events.js";
import { createHandlers } from "./handlers.js";
import { HostPort } from "./host_port.js";
import { HandoffNotices, chromeFocusApi, chromeNoticeApi } from "./handoff_notices.js";
import { handlePageMessage, senderPage } from "./page_messages.js";
import { OPERATOR_PAGES, OPERATOR_PORT, OperatorPorts } from "./operator_ports.js";
import { handleHostMessage } from "./requests.js";
import { shareTab, stopSharing } from "./sharing.js";
import { chromeGroupApi } from "./tab_groups.js";

/** Wakes the worker every 30 s (Chrome 120+; older Chrome rounds up to a minute) to reconnect. */
const WAKE_ALARM = "diwall-reconnect";

const agentTabs = new AgentTabs(chrome.storage.session);
const connectedSessions = new ConnectedSessions(chrome.storage.session);
const sessions = new DebuggerSessions((tabId) => agentTabs.has(tabId), chrome.storage.session);

/** @type {(event: string, params: object) => void} */
const emit = (event, params) => void host.send({ type: "event", event, params });

const approvals = new Approvals({
  area: chrome.storage.session,
  windows: chromeApprovalWindows,
  pageUrl: chrome.runtime.getURL(APPROVAL_PAGE),
  emit,
});
const operatorPorts = new OperatorPorts(emit);
const notices = new HandoffNotices({ area: chrome.storage.session, api: chromeNoticeApi, focus: chromeFocusApi(agentTabs) });
const handlers = createHandlers({ agentTabs, sessions, connectedSessions, approvals, groupApi: chromeGroupApi, operatorPorts, notices });

/** @type {import("./sharing.js").SharingDeps} */
const sharing = {
  agentTabs,
  sessions: () => connectedSessions.list(),
  getTab: (tabId) => chrome.tabs.get(tabId).catch(() => undefined),
  detach: (tabId) => sessions.detach(tabId),
  ungroup: (tabId) => chrome.tabs.ungroup(tabId),
  emit,
};

const host = new HostPort({
  hello: async () => ({
    type: "event",
    event: "hello",
    params: {
      extension_version: chrome.runtime.getManifest().version,
      user_agent: navigator.userAgent,
      agent_tabs: await agentTabs.list(),
    },
  }),
  onMessage: (message, reply) => void handleHostMessage(message, reply, handlers),
  onConnected: () => operatorPorts.hostConnected(),
  // The old host cannot hear an answer, and a new one never asked: close the questions unanswered.
  hostGone: () => {
    approvals.dismissAll().catch((err) => console.warn("diwall: closing the approval windows failed:", err));
    // Its handoffs ended with it.
    notices.clearAll().catch((err) => console.warn("diwall: clearing the handoff notifications failed:", err));
    // Responses the old host paused and will never answer go on; a new host pauses them again.
    sessions.stopPausing().catch((err) => console.warn("diwall: releasing paused responses failed:", err));
  },
});

const downloads = new AgentDownloads({
  api: chrome.downloads,
  emit,
  hasAgentTabs: async () => (await agentTabs.list()).length > 0,
});
registerEventForwarders({ agentTabs, sessions, emit, downloads, hostConnected: () => host.connected });

// A click on a handoff's notification brings the agent's tab forward. chrome.notifications is
// missing where the browser has no notifications.
chrome.notifications?.onClicked.addListener((notificationId) => {
  notices.clicked(notificationId).catch((err) => console.warn("diwall: a notification's click failed:", err));
});

// Closing a question's window without answering it is a deny.
chrome.windows.onRemoved.addListener((windowId) => {
  approvals.windowClosed(windowId).catch((err) => console.warn("diwall: handling a closed window failed:", err));
});

// The person's clicks in the extension's own pages; nothing else may send these.
chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const page = senderPage(sender, chrome.runtime.id, chrome.runtime.getURL(""));
  if (page === undefined) {
    return false;
  }
  void handlePageMessage(message, page, {
    share: (tabId, session) => shareTab(sharing, tabId, session),
    stopSharing: (tabId) => stopSharing(sharing, tabId),
    answer: (approvalId, decision) => approvals.answer(approvalId, decision),
  }).then(sendResponse);
  return true; // sendResponse is called later
});

// The operator's views (the side panel, and the popup for a handoff): only these pages of the
// extension may connect.
chrome.runtime.onConnect.addListener((port) => {
  const page = senderPage(port.sender ?? {}, chrome.runtime.id, chrome.runtime.getURL(""));
  if (port.name !== OPERATOR_PORT || page === undefined || !OPERATOR_PAGES.includes(page)) {
    port.disconnect();
    return;
  }
  operatorPorts.accept(port);
  host.ensureConnected();
});

chrome.runtime.onStartup.addListener(() => host.ensureConnected());
chrome.runtime.onInstalled.addListener(() => host.ensureConnected());
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === WAKE_ALARM) {
    host.ensureConnected();
  }
});

ensureWakeAlarm();
host.ensureConnected();

/** Creates the alarm unless it exists: creating it again would restart its period. */
function ensureWakeAlarm() {
  chrome.alarms
    .get(WAKE_ALARM)
    .then((alarm) => {
      if (alarm === undefined) {
        return chrome.alarms.create(WAKE_ALARM, { periodInMinutes: 0.5 });
      }
      return undefined;
    })
    .catch((err) => console.warn("diwall: cannot set the reconnect alarm:", err));
}
