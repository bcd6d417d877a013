// @ts-check
/**
 * Draws the operator's view (src/panel.html) from the model and the layout: the sessions in the
 * sidebar with their pause, resume and stop buttons; a pane per session with its latest marked
 * image and its live operations; the log; the live browser panel, which follows the focused pane.
 */

import { focusedPane } from "./operator_layout.js";
import { argsText } from "./operator_model.js";

/** @typedef {import("./operator_model.js").Model} Model */
/** @typedef {import("./operator_model.js").Session} Session */
/** @typedef {import("./operator_layout.js").Layout} Layout */

/** Operations shown in a pane, newest first. */
const SHOWN_OPERATIONS = 100;

/**
 * @typedef {object} Actions what the person's clicks do
 * @property {(action: "pause" | "resume" | "stop" | "handoff_done" | "handoff_decline", session: string | undefined, closeTabs: boolean) => void} control
 *   session undefined: every session
 * @property {(paneId: number) => void} focusPane
 * @property {(session: string) => void} open shows the session in the focused pane
 */

/** Image elements kept across draws, so an image is decoded once. @type {Map<string, {data: string, img: HTMLImageElement}>} */
const images = new Map();

/**
 * @param {Model} model
 * @param {Layout} layout
 * @param {Actions} actions
 */
export function draw(model, layout, actions) {
  const body = document.body;
  body.dataset.sidebar = String(layout.sidebar);
  body.dataset.terminal = layout.terminal.shown ? layout.terminal.dock : "hidden";
  body.dataset.browser = layout.browser.shown ? layout.browser.dock : "hidden";
  body.dataset.panes = String(layout.rows.flat().length);

  byId("sidebar").hidden = !layout.sidebar;
  byId("sessions").replaceChildren(...[...model.sessions.values()].map((s) => sessionItem(s, actions)));
  byId("panes").replaceChildren(...layout.rows.map((row) => paneRow(row, model, layout, actions)));
  byId("no-panes").hidden = layout.rows.length > 0;

  const terminal = byId("terminal");
  const browser = byId("browser");
  placePanel(terminal, layout.terminal);
  placePanel(browser, layout.browser);
  drawLog(model);
  drawBrowser(model, layout);
  for (const id of ["dock-right", "dock-bottom"]) {
    const dock = byId(id);
    dock.hidden = [...dock.children].every((panel) => /** @type {HTMLElement} */ (panel).hidden);
  }
}

/**
 * @param {HTMLElement} panel
 * @param {{shown: boolean, dock: "bottom" | "right"}} place
 */
function placePanel(panel, place) {
  panel.hidden = !place.shown;
  const dock = byId(place.dock === "right" ? "dock-right" : "dock-bottom");
  if (panel.parentElement !== dock) {
    dock.append(panel);
  }
}

/**
 * @param {Session} s
 * @param {Actions} actions
 * @returns {HTMLLIElement}
 */
function sessionItem(s, actions) {
  const li = document.createElement("li");
  li.dataset.session = s.key;
  li.dataset.status = s.status;
  li.dataset.acting = String(s.acting);
  li.dataset.connected = String(s.connected);
  const open = button(s.name, () => actions.open(s.key));
  open.className = "open";
  open.title = `Show ${s.name} in the focused pane`;
  open.prepend(dot(s.color));
  const state = document.createElement("span");
  state.className = "state";
  state.textContent = stateText(s);
  const closeTabs = document.createElement("input");
  closeTabs.type = "checkbox";
  closeTabs.className = "close-tabs";
  const closeLabel = document.createElement("label");
  closeLabel.append(closeTabs, " close its tabs");
  const controls = document.createElement("div");
  controls.className = "controls";
  if (s.status === "running") {
    controls.append(button("Pause", () => actions.control("pause", s.key, false), "pause"));
  } else {
    controls.append(button("Resume", () => actions.control("resume", s.key, false), "resume"));
  }
  if (s.status !== "stopped") {
    controls.append(button("Stop", () => actions.control("stop", s.key, closeTabs.checked), "stop"), closeLabel);
  }
  li.append(open, state, controls);
  const rules = siteRules(s);
  if (rules !== undefined) {
    li.append(rules);
  }
  if (s.handoff !== undefined) {
    li.dataset.handoff = "true";
    li.append(handoffBox(s, s.handoff, actions));
  }
  return li;
}

/**
 * The session's private and read-only sites (its profile's patterns), as the person reads them;
 * undefined when it has none.
 * @param {Session} s
 * @returns {HTMLDListElement | undefined}
 */
function siteRules(s) {
  const rows = /** @type {const} */ ([
    ["Private", s.private, "what the agent reads there does not leave for another site without your approval"],
    ["Read-only", s.read_only, "the agent may look and follow links there, never change anything"],
  ]);
  const dl = document.createElement("dl");
  dl.className = "site-rules";
  for (const [label, sites, meaning] of rows) {
    if (!Array.isArray(sites) || sites.length === 0) {
      continue;
    }
    const dt = document.createElement("dt");
    dt.textContent = label;
    dt.title = meaning;
    const dd = document.createElement("dd");
    dd.textContent = sites.join(", ");
    dd.dataset.rule = label === "Private" ? "private" : "read_only";
    dl.append(dt, dd);
  }
  return dl.childElementCount === 0 ? undefined : dl;
}

/**
 * What the person is asked to do in the agent's tab, and their two answers.
 * @param {Session} s
 * @param {import("./operator_model.js").Handoff} h
 * @param {Actions} actions
 * @returns {HTMLDivElement}
 */
function handoffBox(s, h, actions) {
  const box = document.createElement("div");
  box.className = "handoff";
  const said = document.createElement("p");
  said.append(`${s.name} hands you a step (since ${new Date(h.since).toLocaleTimeString()}). The model says: `);
  const reason = document.createElement("q");
  reason.className = "reason";
  reason.textContent = h.reason; // the model's words, as text
  said.append(reason);
  const hint = document.createElement("p");
  hint.textContent = "Do it in the agent's tab, then answer. The model never sees what you type.";
  const answers = document.createElement("div");
  answers.className = "controls";
  answers.append(
    button("Done", () => actions.control("handoff_done", s.key, false), "handoff_done"),
    button("I can't", () => actions.control("handoff_decline", s.key, false), "handoff_decline"),
  );
  box.append(said, hint, answers);
  return box;
}

/**
 * @param {Session} s
 * @returns {string}
 */
function stateText(s) {
  /** @type {string[]} */
  const parts = [s.status];
  if (s.acting) {
    parts.push("acting");
  }
  if (!s.connected) {
    parts.push("disconnected");
  }
  return parts.join(", ");
}

/**
 * @param {import("./operator_layout.js").Pane[]} row
 * @param {Model} model
 * @param {Layout} layout
 * @param {Actions} actions
 * @returns {HTMLDivElement}
 */
function paneRow(row, model, layout, actions) {
  const div = document.createElement("div");
  div.className = "row";
  div.append(...row.map((pane) => paneView(pane, model, layout, actions)));
  return div;
}

/**
 * @param {import("./operator_layout.js").Pane} pane
 * @param {Model} model
 * @param {Layout} layout
 * @param {Actions} actions
 * @returns {HTMLElement}
 */
function paneView(pane, model, layout, actions) {
  const s = model.sessions.get(pane.session);
  const section = document.createElement("section");
  section.className = "pane";
  section.dataset.pane = String(pane.id);
  section.dataset.session = pane.session;
  section.dataset.focused = String(layout.focused === pane.id);
  section.addEventListener("click", () => actions.focusPane(pane.id));

  const head = document.createElement("header");
  if (s === undefined) {
    head.textContent = "A session that is not connected";
  } else {
    const name = document.createElement("b");
    name.textContent = s.name;
    const state = document.createElement("span");
    state.className = "state";
    state.textContent = stateText(s);
    head.append(dot(s.color), name, " ", state);
  }

  const ops = document.createElement("ol");
  ops.className = "ops";
  const list = model.operations.get(pane.session) ?? [];
  for (const op of list.slice(-SHOWN_OPERATIONS).reverse()) {
    const li = document.createElement("li");
    li.className = "op";
    li.dataset.op = op.id;
    li.dataset.tool = op.tool;
    li.dataset.phase = op.phase;
    li.dataset.ok = String(op.ok);
    const outcome = op.phase === "running" ? "…" : op.ok ? "ok" : (op.code ?? "failed");
    const duration = op.phase === "running" ? "" : `${op.duration_ms} ms`;
    li.append(
      cell("time", clock(op.started_at)),
      cell("tool", op.tool),
      cell("args", argsText(op.args)),
      cell("outcome", outcome),
      cell("duration", duration),
    );
    if (op.message !== undefined && op.message !== "") {
      li.title = op.message;
    }
    ops.append(li);
  }
  const body = document.createElement("div");
  body.className = "pane-body";
  const img = imageOf(model, pane.session);
  if (img !== undefined) {
    body.append(img);
  }
  body.append(ops);
  section.append(head, body);
  return section;
}

/**
 * The session's latest marked image, as one element reused while it does not change.
 * @param {Model} model
 * @param {string} session
 * @returns {HTMLImageElement | undefined}
 */
function imageOf(model, session) {
  const image = model.images.get(session);
  if (image === undefined) {
    return undefined;
  }
  const kept = images.get(session);
  if (kept !== undefined && kept.data === image.data) {
    return /** @type {HTMLImageElement} */ (kept.img.cloneNode());
  }
  const img = document.createElement("img");
  img.className = "latest";
  img.alt = "What the agent saw last, with its marks; secrets are masked";
  img.dataset.operation = image.operation;
  img.src = `data:${image.mime};base64,${image.data}`;
  images.set(session, { data: image.data, img });
  return /** @type {HTMLImageElement} */ (img.cloneNode());
}

/** @param {Model} model */
function drawLog(model) {
  const log = byId("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  log.replaceChildren(
    ...model.log.map((line) => {
      const li = document.createElement("li");
      li.dataset.level = line.level;
      li.append(cell("time", clock(line.time)), cell("text", line.text));
      return li;
    }),
  );
  if (atEnd) {
    log.scrollTop = log.scrollHeight;
  }
}

/**
 * The live browser panel: the focused session's current tab and what the agent saw of it last.
 * @param {Model} model
 * @param {Layout} layout
 */
function drawBrowser(model, layout) {
  const target = byId("browser-tab");
  const pane = focusedPane(layout);
  const s = pane === undefined ? undefined : model.sessions.get(pane.session);
  if (s === undefined || s.tab === undefined) {
    target.replaceChildren(cell("empty", "No tab yet."));
    target.dataset.tab = "";
    return;
  }
  target.dataset.tab = s.tab.tab_id;
  const title = cell("title", s.tab.title === "" ? "(untitled)" : s.tab.title);
  const url = cell("url", s.tab.url);
  const parts = [title, url];
  const image = model.images.get(s.key);
  if (image !== undefined && image.tab_id === s.tab.tab_id) {
    const img = imageOf(model, s.key);
    if (img !== undefined) {
      parts.push(img);
    }
  }
  target.replaceChildren(...parts);
}

/**
 * @param {string} label
 * @param {() => void} onClick
 * @param {string} [action]
 * @returns {HTMLButtonElement}
 */
function button(label, onClick, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (action !== undefined) {
    b.dataset.action = action;
  }
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return b;
}

/**
 * @param {string} className
 * @param {string} text
 * @returns {HTMLSpanElement}
 */
function cell(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  return span;
}

/**
 * @param {string} color
 * @returns {HTMLSpanElement}
 */
function dot(color) {
  const span = document.createElement("span");
  span.className = `dot ${color}`;
  return span;
}

/**
 * @param {number} ms
 * @returns {string}
 */
function clock(ms) {
  return new Date(ms).toLocaleTimeString();
}

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (el === null) {
    throw new Error(`the page has no #${id}`);
  }
  return el;
}
