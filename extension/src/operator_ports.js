// @ts-check
/**
 * The operator views' ports to the worker. The side panel (src/panel.html) and the toolbar popup
 * (src/popup.html, which shows a pending handoff with its Done and I can't) connect with
 * chrome.runtime.connect({name: "operator"}); the worker gives each port an id and passes its
 * messages to the host as `operator.message {interface, message}` events, its end as
 * `operator.closed {interface}`, and the host's `operator.send {to, event}` requests to the port
 * they name. The extension decides nothing here: the host checks every message.
 */

import { invalidArgument } from "./errors.js";
import { POPUP_PAGE } from "./page_messages.js";
import { boundedStringParam, isPlainObject } from "./params.js";

/** The name a panel's port has. */
export const OPERATOR_PORT = "operator";

/** The side panel's page. */
export const PANEL_PAGE = "src/panel.html";

/** The pages whose ports are accepted. @type {readonly string[]} */
export const OPERATOR_PAGES = [PANEL_PAGE, POPUP_PAGE];

/** The largest message a panel may send, in characters of JSON. */
const MESSAGE_MAX = 16_384;

/**
 * @typedef {object} PanelPort the parts of chrome.runtime.Port used
 * @property {(message: unknown) => void} postMessage
 * @property {{addListener: (listener: (message: unknown) => void) => void}} onMessage
 * @property {{addListener: (listener: () => void) => void}} onDisconnect
 */

/** @typedef {(event: string, params: object) => void} Emit */

export class OperatorPorts {
  /** @type {Map<string, {port: PanelPort, hello: object | undefined}>} */
  #ports = new Map();
  #seq = 0;
  #emit;

  /** @param {Emit} emit sends an event to the host (dropped when none is connected) */
  constructor(emit) {
    this.#emit = emit;
  }

  /** @returns {number} how many panels are connected */
  get size() {
    return this.#ports.size;
  }

  /**
   * Takes a panel's new port.
   * @param {PanelPort} port
   */
  accept(port) {
    const id = `p-${++this.#seq}`;
    const entry = { port, hello: /** @type {object | undefined} */ (undefined) };
    this.#ports.set(id, entry);
    port.onMessage.addListener((message) => {
      const problem = messageProblem(message);
      if (problem !== undefined) {
        console.warn(`diwall: ignoring a side panel message: ${problem}`);
        return;
      }
      const m = /** @type {Record<string, unknown>} */ (message);
      if (m.type === "hello") {
        entry.hello = m; // said again to every new host
      }
      this.#emit("operator.message", { interface: id, message: m });
    });
    port.onDisconnect.addListener(() => {
      this.#ports.delete(id);
      this.#emit("operator.closed", { interface: id });
    });
  }

  /** A new host knows no panel: each says its hello again, and the host sends it the whole state. */
  hostConnected() {
    for (const [id, { hello }] of this.#ports) {
      if (hello !== undefined) {
        this.#emit("operator.message", { interface: id, message: hello });
      }
    }
  }

  /**
   * `operator.send {to, event}`: posts the event to the panel `to`. A panel that has gone is no
   * error: the host hears of it from operator.closed.
   * @param {import("./params.js").Params} params
   * @returns {object}
   */
  deliver(params) {
    const to = boundedStringParam(params, "to", 1, 64);
    if (!isPlainObject(params.event) || typeof params.event.type !== "string") {
      throw invalidArgument("event must be an object with a type");
    }
    const entry = this.#ports.get(to);
    if (entry !== undefined) {
      try {
        entry.port.postMessage(params.event);
      } catch (err) {
        console.warn("diwall: a side panel could not be sent an event:", err);
      }
    }
    return {};
  }
}

/**
 * Why a panel's message is not passed on; undefined when it is.
 * @param {unknown} message
 * @returns {string | undefined}
 */
function messageProblem(message) {
  if (!isPlainObject(message)) {
    return "not an object";
  }
  if (message.type !== "hello" && message.type !== "control") {
    return `unknown type ${JSON.stringify(message.type)}`;
  }
  if (JSON.stringify(message).length > MESSAGE_MAX) {
    return "too large";
  }
  return undefined;
}
