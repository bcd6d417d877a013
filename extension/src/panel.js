// @ts-check
/**
 * The operator's view (src/panel.html): the extension's side panel, and the same page served by
 * the host for `diwall watch`. It keeps the model from the host's events, applies an agent's
 * screen commands to its layout, and sends the person's pause, resume and stop.
 */

import { connectOperator } from "./operator_link.js";
import { applyCommand, initialLayout, withSession } from "./operator_layout.js";
import { applyEvent, emptyModel } from "./operator_model.js";
import { byId, draw } from "./panel_render.js";

const model = emptyModel();
let layout = initialLayout();

/** @type {import("./panel_render.js").Actions} */
const actions = {
  control(action, session, closeTabs) {
    const message = session === undefined ? { type: "control", action, all: true } : { type: "control", action, session, close_tabs: closeTabs };
    if (!link.send(message)) {
      byId("link").textContent = "Not connected: the command was not sent.";
    }
  },
  focusPane(paneId) {
    if (layout.focused !== paneId) {
      layout = { ...layout, focused: paneId };
      redraw();
    }
  },
  open(session) {
    layout = applyCommand(layout, { action: "navigate", sessionKey: session });
    redraw();
  },
};

const link = connectOperator({
  onEvent(event) {
    const command = applyEvent(model, event);
    if (command !== undefined) {
      layout = applyCommand(layout, command);
    }
    const first = model.sessions.keys().next();
    if (!first.done) {
      layout = withSession(layout, first.value);
    }
    redraw();
  },
  onStatus(connected) {
    document.body.dataset.connected = String(connected);
    byId("link").textContent = connected ? "Connected" : "Not connected; trying again…";
  },
});

byId("pause-all").addEventListener("click", () => actions.control("pause", undefined, false));
byId("resume-all").addEventListener("click", () => actions.control("resume", undefined, false));
byId("toggle-sidebar").addEventListener("click", () => {
  layout = applyCommand(layout, { action: layout.sidebar ? "sidebar_hide" : "sidebar_show" });
  redraw();
});
for (const panel of /** @type {const} */ (["terminal", "browser"])) {
  byId(`${panel}-dock`).addEventListener("click", () => {
    const dock = layout[panel].dock === "bottom" ? "right" : "bottom";
    layout = applyCommand(layout, { action: `${panel}_show`, dock });
    redraw();
  });
  byId(`${panel}-toggle`).addEventListener("click", () => {
    layout = applyCommand(layout, { action: layout[panel].shown ? `${panel}_hide` : `${panel}_show` });
    redraw();
  });
}

redraw();

function redraw() {
  draw(model, layout, actions);
  for (const panel of /** @type {const} */ (["terminal", "browser"])) {
    byId(`${panel}-toggle`).textContent = layout[panel].shown ? `Hide ${panel === "terminal" ? "log" : "browser"}` : `Show ${panel === "terminal" ? "log" : "browser"}`;
  }
}
