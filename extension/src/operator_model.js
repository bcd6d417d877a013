// @ts-check
/**
 * What the operator's view knows, kept from the host's event stream (PROTOCOL.md, "The operator's
 * event stream"): the sessions, their operations, their latest marked image, the log. Pure: the
 * panel page draws it. The same code runs in the side panel and in the host's local page.
 */

/** Operations kept per session, and log lines kept. */
export const KEPT_OPERATIONS = 200;
export const KEPT_LINES = 500;

/**
 * @typedef {object} Tab
 * @property {string} tab_id
 * @property {string} url
 * @property {string} title
 */

/**
 * @typedef {object} Session
 * @property {string} key
 * @property {string} name
 * @property {string} title
 * @property {string} color
 * @property {"running" | "paused" | "stopped"} status
 * @property {boolean} acting
 * @property {boolean} connected
 * @property {Tab} [tab]
 * @property {Handoff} [handoff] a step the model handed to the person, while it waits for their answer
 * @property {string[]} [private] its profile's private sites: what is read there does not leave for another site unasked
 * @property {string[]} [read_only] its profile's read-only sites: looked at, never changed
 */

/**
 * @typedef {object} Handoff
 * @property {string} reason the model's words: shown as what they are, never as the page's or Diwall's
 * @property {number} since milliseconds since the Unix epoch
 * @property {string} [tab_id]
 */

/**
 * @typedef {object} Operation
 * @property {string} id
 * @property {string} session
 * @property {string} tool
 * @property {unknown} args
 * @property {"running" | "done"} phase
 * @property {boolean} ok
 * @property {string} [code]
 * @property {string} [message]
 * @property {number} started_at
 * @property {number} duration_ms
 * @property {string} [tab_id]
 */

/**
 * @typedef {object} Image
 * @property {string} session
 * @property {string} operation
 * @property {string} [tab_id]
 * @property {string} mime
 * @property {string} data base64
 */

/**
 * @typedef {object} LogLine
 * @property {number} time
 * @property {string} level
 * @property {string} [session]
 * @property {string} text
 */

/**
 * @typedef {object} Model
 * @property {Map<string, Session>} sessions in the order they appeared
 * @property {Map<string, Operation[]>} operations by session, oldest first
 * @property {Map<string, Image>} images the latest of each session
 * @property {LogLine[]} log
 */

/**
 * @typedef {object} UICommand
 * @property {string} action
 * @property {string} [sessionKey]
 * @property {string} [dock]
 */

/** @returns {Model} */
export function emptyModel() {
  return { sessions: new Map(), operations: new Map(), images: new Map(), log: [] };
}

/**
 * Applies one event to the model. Returns the ui.command an event carries, for the layout; an event
 * of an unknown type, or malformed, changes nothing.
 * @param {Model} model changed in place
 * @param {unknown} event
 * @returns {UICommand | undefined}
 */
export function applyEvent(model, event) {
  if (!isObject(event)) {
    return undefined;
  }
  switch (event.type) {
    case "state": {
      const fresh = emptyModel();
      for (const s of list(event.sessions)) {
        addSession(fresh, s);
      }
      for (const op of list(event.operations)) {
        addOperation(fresh, op);
      }
      for (const img of list(event.images)) {
        addImage(fresh, img);
      }
      for (const line of list(event.log)) {
        addLine(fresh, line);
      }
      Object.assign(model, fresh);
      return undefined;
    }
    case "session":
      addSession(model, event.session);
      return undefined;
    case "operation":
      addOperation(model, event.operation);
      return undefined;
    case "image":
      addImage(model, event.image);
      return undefined;
    case "log":
      addLine(model, event.line);
      return undefined;
    case "ui.command":
      if (isObject(event.command) && typeof event.command.action === "string") {
        return /** @type {UICommand} */ (event.command);
      }
      return undefined;
  }
  return undefined;
}

/**
 * @param {Model} model
 * @param {unknown} s
 */
function addSession(model, s) {
  if (isObject(s) && typeof s.key === "string") {
    model.sessions.set(s.key, /** @type {Session} */ (s));
  }
}

/**
 * Adds an operation, or replaces its running entry once it is done.
 * @param {Model} model
 * @param {unknown} op
 */
function addOperation(model, op) {
  if (!isObject(op) || typeof op.id !== "string" || typeof op.session !== "string") {
    return;
  }
  const ops = model.operations.get(op.session) ?? [];
  const i = ops.findIndex((o) => o.id === op.id);
  if (i >= 0) {
    ops[i] = /** @type {Operation} */ (op);
  } else {
    ops.push(/** @type {Operation} */ (op));
    if (ops.length > KEPT_OPERATIONS) {
      ops.splice(0, ops.length - KEPT_OPERATIONS);
    }
  }
  model.operations.set(op.session, ops);
}

/**
 * @param {Model} model
 * @param {unknown} img
 */
function addImage(model, img) {
  if (isObject(img) && typeof img.session === "string" && typeof img.data === "string" && typeof img.mime === "string") {
    model.images.set(img.session, /** @type {Image} */ (img));
  }
}

/**
 * @param {Model} model
 * @param {unknown} line
 */
function addLine(model, line) {
  if (isObject(line) && typeof line.text === "string") {
    model.log.push(/** @type {LogLine} */ (line));
    if (model.log.length > KEPT_LINES) {
      model.log.splice(0, model.log.length - KEPT_LINES);
    }
  }
}

/**
 * @param {unknown} v
 * @returns {v is Record<string, any>}
 */
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * @param {unknown} v
 * @returns {unknown[]}
 */
function list(v) {
  return Array.isArray(v) ? v : [];
}

/**
 * An operation's arguments as one short line.
 * @param {unknown} args
 * @returns {string}
 */
export function argsText(args) {
  if (!isObject(args) || Object.keys(args).length === 0) {
    return "";
  }
  const text = JSON.stringify(args);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
