// @ts-check
/**
 * The layout of the operator's view, and what an agent's `screen` command (a `ui.command` event)
 * or the person's own clicks do to it. Pure: the panel page draws what this returns. The same code
 * runs in the extension's side panel and in the host's local page.
 *
 * Panes sit in rows (split_down adds a row under a pane's row; split_right a pane beside it);
 * each pane shows one session. The log ("terminal") and the live browser panel are shown or
 * hidden, docked at the bottom or on the right.
 */

/** @typedef {"bottom" | "right"} Dock */

/**
 * @typedef {object} Pane
 * @property {number} id
 * @property {string} session the key of the session it shows
 */

/**
 * @typedef {object} Layout
 * @property {Pane[][]} rows
 * @property {number | undefined} focused the focused pane's id
 * @property {number} nextId
 * @property {boolean} sidebar
 * @property {{shown: boolean, dock: Dock}} terminal
 * @property {{shown: boolean, dock: Dock}} browser
 */

/**
 * @typedef {object} Command
 * @property {string} action
 * @property {string} [sessionKey]
 * @property {string} [dock]
 */

/** The actions of `screen` (docs/contract.md §7). */
export const UI_ACTIONS = [
  "split_right",
  "split_down",
  "close_pane",
  "focus",
  "navigate",
  "sidebar_show",
  "sidebar_hide",
  "terminal_show",
  "terminal_hide",
  "browser_show",
  "browser_hide",
];

/** @returns {Layout} */
export function initialLayout() {
  return {
    rows: [],
    focused: undefined,
    nextId: 1,
    sidebar: true,
    terminal: { shown: true, dock: "bottom" },
    browser: { shown: true, dock: "right" },
  };
}

/**
 * The pane of a session: the focused one when it shows the session, else the first.
 * @param {Layout} layout
 * @param {string} session
 * @returns {Pane | undefined}
 */
export function paneOf(layout, session) {
  const panes = layout.rows.flat().filter((p) => p.session === session);
  return panes.find((p) => p.id === layout.focused) ?? panes[0];
}

/**
 * The focused pane, if any.
 * @param {Layout} layout
 * @returns {Pane | undefined}
 */
export function focusedPane(layout) {
  return layout.rows.flat().find((p) => p.id === layout.focused);
}

/**
 * Applies one command and returns the new layout (the old one is not changed). An unknown action,
 * or a pane action without a session, changes nothing.
 * @param {Layout} old
 * @param {Command} command
 * @returns {Layout}
 */
export function applyCommand(old, command) {
  /** @type {Layout} */
  const layout = structuredClone(old);
  const session = command.sessionKey ?? "";
  const dock = command.dock === "bottom" || command.dock === "right" ? command.dock : undefined;
  switch (command.action) {
    case "split_right":
    case "split_down":
      if (session !== "") {
        split(layout, session, command.action === "split_right");
      }
      break;
    case "close_pane": {
      const pane = paneOf(layout, session);
      if (pane !== undefined) {
        layout.rows = layout.rows.map((row) => row.filter((p) => p.id !== pane.id)).filter((row) => row.length > 0);
        if (layout.focused === pane.id) {
          layout.focused = layout.rows.flat()[0]?.id;
        }
      }
      break;
    }
    case "focus": {
      const pane = paneOf(layout, session);
      if (pane !== undefined) {
        layout.focused = pane.id;
      } else if (session !== "") {
        show(layout, session);
      }
      break;
    }
    case "navigate":
      if (session !== "") {
        show(layout, session);
      }
      break;
    case "sidebar_show":
    case "sidebar_hide":
      layout.sidebar = command.action === "sidebar_show";
      break;
    case "terminal_show":
    case "terminal_hide":
    case "browser_show":
    case "browser_hide": {
      const panel = command.action.startsWith("terminal") ? layout.terminal : layout.browser;
      panel.shown = command.action.endsWith("_show");
      if (dock !== undefined) {
        panel.dock = dock;
      }
      break;
    }
  }
  return layout;
}

/**
 * Makes sure a session is seen: the first session to appear gets a pane of its own.
 * @param {Layout} old
 * @param {string} session
 * @returns {Layout}
 */
export function withSession(old, session) {
  if (old.rows.length > 0) {
    return old;
  }
  return applyCommand(old, { action: "navigate", sessionKey: session });
}

/**
 * Splits the session's pane (or the focused one, or makes the first pane): the new pane shows the
 * session and takes the focus.
 * @param {Layout} layout
 * @param {string} session
 * @param {boolean} right beside it (else in a new row under it)
 */
function split(layout, session, right) {
  const pane = { id: layout.nextId++, session };
  const at = paneOf(layout, session) ?? focusedPane(layout);
  if (at === undefined) {
    layout.rows.push([pane]);
  } else {
    const r = layout.rows.findIndex((row) => row.some((p) => p.id === at.id));
    if (right) {
      const row = layout.rows[r];
      row.splice(row.findIndex((p) => p.id === at.id) + 1, 0, pane);
    } else {
      layout.rows.splice(r + 1, 0, [pane]);
    }
  }
  layout.focused = pane.id;
}

/**
 * The focused pane shows the session (a first pane is made when there is none).
 * @param {Layout} layout
 * @param {string} session
 */
function show(layout, session) {
  const pane = focusedPane(layout);
  if (pane === undefined) {
    const first = { id: layout.nextId++, session };
    layout.rows.push([first]);
    layout.focused = first.id;
    return;
  }
  pane.session = session;
}
