// @ts-check
/**
 * The toolbar popup (src/popup.html). For one tab it shows whose it is, or offers to share it with
 * each connected session; a click asks the worker to do it, then the popup shows the new state.
 *
 * The tab is the one in the page's `?tab=N` when given (end-to-end tests open this page in a tab
 * of its own), otherwise the active tab of the last focused normal window.
 */

import { AGENT_TABS_KEY, readAgentTabs } from "./agent_tabs.js";
import { ConnectedSessions, SESSIONS_KEY } from "./connected_sessions.js";
import { popupView, tabIdFromQuery } from "./popup_view.js";

/** @typedef {import("./page_messages.js").PageMessage} PageMessage */
/** @typedef {import("./page_messages.js").PageReply} PageReply */
/** @typedef {import("./popup_view.js").PopupView} PopupView */

const requestedTabId = tabIdFromQuery(location.search);
const connectedSessions = new ConnectedSessions(chrome.storage.session);

const statusEl = element("status");
const actionsEl = element("actions");
const errorEl = element("error");
const connectedEl = element("connected");
const sessionsEl = element("sessions");

/** Counts renders, so that a slow one never draws over a newer one. */
let renderSeq = 0;
/** The tab the popup acts on, as last rendered. */
let targetTabId = /** @type {number | undefined} */ (undefined);

chrome.storage.session.onChanged.addListener((changes) => {
  if (AGENT_TABS_KEY in changes || SESSIONS_KEY in changes) {
    void render();
  }
});
chrome.tabs.onUpdated.addListener((tabId, change) => {
  if (tabId === targetTabId && change.url !== undefined) {
    void render();
  }
});
chrome.tabs.onRemoved.addListener((tabId) => {
  if (tabId === targetTabId) {
    void render();
  }
});

// The operator's view opens in the side panel of this window; sidePanel.open must be called in the
// click itself, so the window is known beforehand.
/** @type {number | undefined} */
let windowId;
chrome.windows.getCurrent().then((w) => {
  windowId = w.id;
}, () => {});
element("open-panel").addEventListener("click", () => {
  if (windowId === undefined) {
    showError("This window cannot show the side panel.");
    return;
  }
  chrome.sidePanel.open({ windowId }).then(
    () => window.close(),
    (err) => showError(`The side panel did not open: ${err instanceof Error ? err.message : String(err)}`),
  );
});

void render();

/** Reads the state afresh and draws it. */
async function render() {
  const seq = ++renderSeq;
  try {
    const [sessions, agentTabs, target] = await Promise.all([
      connectedSessions.list(),
      readAgentTabs(chrome.storage.session),
      targetTab(),
    ]);
    if (seq !== renderSeq) {
      return;
    }
    const tab = target.tab?.id === undefined ? undefined : { id: target.tab.id, url: target.tab.url, pendingUrl: target.tab.pendingUrl };
    targetTabId = tab?.id;
    draw(popupView({ sessions, agentTabs, tab, tabGone: target.gone }), tab?.id);
  } catch (err) {
    if (seq === renderSeq) {
      showError(`Cannot read Diwall's state: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/**
 * @returns {Promise<{tab: chrome.tabs.Tab | undefined, gone: boolean}>}
 */
async function targetTab() {
  if (requestedTabId === null) {
    return { tab: undefined, gone: false };
  }
  if (requestedTabId !== undefined) {
    try {
      return { tab: await chrome.tabs.get(requestedTabId), gone: false };
    } catch {
      return { tab: undefined, gone: true };
    }
  }
  try {
    const win = await chrome.windows.getLastFocused({ populate: true, windowTypes: ["normal"] });
    return { tab: win.tabs?.find((t) => t.active), gone: false };
  } catch {
    return { tab: undefined, gone: false };
  }
}

/**
 * @param {PopupView} view
 * @param {number | undefined} tabId
 */
function draw(view, tabId) {
  document.body.dataset.state = view.state;
  statusEl.textContent = view.message;

  /** @type {HTMLButtonElement[]} */
  const buttons = [];
  if (view.canStop && tabId !== undefined) {
    const stop = button("Stop sharing", { type: "stop_sharing", tab_id: tabId });
    stop.id = "stop-sharing";
    buttons.push(stop);
  }
  if (tabId !== undefined) {
    for (const share of view.shares) {
      const b = button(share.label, { type: "share_tab", tab_id: tabId, session: share.session });
      b.className = "share";
      b.dataset.session = share.session;
      b.prepend(dot(share.color));
      buttons.push(b);
    }
  }
  actionsEl.replaceChildren(...buttons);

  sessionsEl.replaceChildren(
    ...view.connected.map((s) => {
      const li = document.createElement("li");
      li.append(dot(s.color), s.name);
      return li;
    }),
  );
  connectedEl.hidden = view.connected.length === 0;
}

/**
 * A button that sends message to the worker when clicked.
 * @param {string} label
 * @param {PageMessage} message
 * @returns {HTMLButtonElement}
 */
function button(label, message) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", () => void send(message));
  return b;
}

/**
 * @param {PageMessage} message
 */
async function send(message) {
  for (const b of actionsEl.querySelectorAll("button")) {
    b.disabled = true;
  }
  showError("");
  /** @type {PageReply} */
  let reply;
  try {
    reply = await chrome.runtime.sendMessage(message);
  } catch (err) {
    reply = { ok: false, error: `Diwall's service worker did not answer: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (reply === undefined || reply === null || typeof reply !== "object") {
    reply = { ok: false, error: "Diwall's service worker did not answer." };
  }
  await render();
  if (!reply.ok) {
    showError(reply.error);
  }
}

/**
 * A colour dot, as the session's tab group.
 * @param {string} color one of GROUP_COLORS
 */
function dot(color) {
  const span = document.createElement("span");
  span.className = `dot ${color}`;
  span.setAttribute("aria-hidden", "true");
  return span;
}

/** @param {string} text empty hides the error */
function showError(text) {
  errorEl.textContent = text;
  errorEl.hidden = text === "";
}

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function element(id) {
  const el = document.getElementById(id);
  if (el === null) {
    throw new Error(`popup.html has no #${id}`);
  }
  return el;
}
