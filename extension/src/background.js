// @ts-check
/**
 * The service worker's entry. Everything here runs at the top level on every worker start:
 * listeners are added synchronously (so Chrome wakes a stopped worker for their events), and the
 * worker connects to the host at once. The extension decides nothing; the host does.
 */

import { AgentTabs } from "./agent_tabs.js";
import { DebuggerSessions } from "./debugger_sessions.js";
import { registerEventForwarders } from "./events.js";
import { createHandlers } from "./handlers.js";
import { HostPort } from "./host_port.js";
import { handleHostMessage } from "./requests.js";

/** Wakes the worker every 30 s (Chrome 120+; older Chrome rounds up to a minute) to reconnect. */
const WAKE_ALARM = "diwall-reconnect";

const agentTabs = new AgentTabs(chrome.storage.session);
const sessions = new DebuggerSessions((tabId) => agentTabs.has(tabId));
const handlers = createHandlers({ agentTabs, sessions });

const host = new HostPort({
  hello: async () => ({
    type: "event",
    event: "hello",
    params: {
      extension_version: chrome.runtime.getManifest().version,
      user_agent: navigator.userAgent,
      agent_tab_ids: await agentTabs.list(),
    },
  }),
  onMessage: (message, reply) => void handleHostMessage(message, reply, handlers),
});

registerEventForwarders({
  agentTabs,
  sessions,
  emit: (event, params) => host.send({ type: "event", event, params }),
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
