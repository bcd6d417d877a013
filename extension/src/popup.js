// @ts-check
/**
 * The toolbar popup (src/popup.html). For one tab it shows whose it is, or offers to share it with
 * each connected session; a click asks the worker to do it, then the popup shows the new state.
 * Above that it shows each step an agent handed to the person, with the model's words and the
 * person's Done and I can't: it is one of the operator's views, on the same stream and with the
 * same control messages as the side panel (without the agents' screen commands, which it does not
 * apply).
 *
 * The tab is the one in the page's `?tab=N` when given (end-to-end tests open this page in a tab
 * of its own), otherwise the active tab of the last focused normal window.
 */

import { AGENT_TABS_KEY, readAgentTabs } from "./agent_tabs.js";
import { ConnectedSessions, SESSIONS_KEY } from "./connected_sessions.js";
import { connectOperator } from "./operator_link.js";
import { applyEvent, emptyModel } from "./operator_model.js";
import { handoffViews, popupView, tabIdFromQuery } from "./popup_view.js";

/** @typedef {import("./page_messages.js").PageMessage} PageMessage */
/** @typedef {import("./page_messages.js").PageReply} PageReply */
/** @typedef {import("./popup_view.js").PopupView} PopupView */
/** @typedef {import("./popup_view.js").HandoffView} HandoffView */

/** The popup's hello: it applies no screen command, so it does not announce ui-commands. */
const POPUP_HELLO = Object.freeze({ type: "hello", capabilities: [] });

const requestedTabId = tabIdFromQuery(location.search);
const connectedSessions = new ConnectedSessions(chrome.storage.session);

const statusEl = element("status");
const actionsEl = element("actions");
const errorEl = element("error");
const connectedEl = element("connected");
const sessionsEl = element("sessions");
const handoffsEl = element("handoffs");

const operatorModel = emptyModel();
const operator = connectOperator(
  {
    onEvent(event) {
      applyEvent(operatorModel, event);
      drawHandoffs(handoffViews(operatorModel.sessions.values()));
    },
    onStatus() {},
  },
  POPUP_HELLO,
);

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
 * The steps handed to the person, each with the model's words (as text, quoted) and Done / I can't,
 * which answer it as the side panel does.
 * @param {HandoffView[]} handoffs
 */
function drawHandoffs(handoffs) {
  handoffsEl.replaceChildren(
    ...handoffs.map((h) => {
      const box = document.createElement("div");
      box.className = "handoff";
      box.dataset.session = h.session;
      const said = document.createElement("p");
      const name = document.createElement("strong");
      name.textContent = h.name;
      const reason = document.createElement("q");
      reason.className = "reason";
      reason.textContent = h.reason; // the model's words, as text
      said.append(dot(h.color), name, ` needs you (since ${new Date(h.since).toLocaleTimeString()}). The model says: `, reason);
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = "Do it in the agent's tab, then answer. The model never sees what you type.";
      const answers = document.createElement("div");
      answers.className = "answers";
      answers.append(answerButton("Done", "handoff_done", h.session), answerButton("I can't", "handoff_decline", h.session));
      box.append(said, hint, answers);
      return box;
    }),
  );
  handoffsEl.hidden = handoffs.length === 0;
}

/**
 * @param {string} label
 * @param {"handoff_done" | "handoff_decline"} action
 * @param {string} session
 * @returns {HTMLButtonElement}
 */
function answerButton(label, action, session) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.action = action;
  b.addEventListener("click", () => {
    showError("");
    if (!operator.send({ type: "control", action, session })) {
      showError("Not connected to Diwall: your answer was not sent. Try again in a moment.");
      return;
    }
    // The host's next event takes the handoff away; until then, one answer is enough.
    for (const other of /** @type {NodeListOf<HTMLButtonElement>} */ (b.parentElement?.querySelectorAll("button") ?? [])) {
      other.disabled = true;
    }
  });
  return b;
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
