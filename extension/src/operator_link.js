// @ts-check
/**
 * The operator view's connection to the host. In the extension's side panel it is a port to the
 * extension's worker, which passes messages on over native messaging; in the host's local page
 * (`diwall watch`) it is a WebSocket at ./ws, under the page's secret path. Either way every
 * connection starts with the hello, the host answers with the whole state, then every event; a
 * dropped connection is made again.
 */

/** What the operator's view announces: it applies an agent's screen commands. */
export const HELLO = Object.freeze({ type: "hello", capabilities: ["ui-commands"] });

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * @typedef {object} LinkHandlers
 * @property {(event: unknown) => void} onEvent one event of the stream
 * @property {(connected: boolean) => void} onStatus the connection came up or dropped
 */

/**
 * @typedef {object} Link
 * @property {(message: object) => boolean} send a control message; false when not connected
 */

/**
 * @param {LinkHandlers} handlers
 * @param {object} [hello] what the view announces; HELLO unless it does not apply screen commands
 * @returns {Link}
 */
export function connectOperator(handlers, hello = HELLO) {
  return location.protocol === "chrome-extension:" ? viaExtension(handlers, hello) : viaWebSocket(handlers, hello);
}

/**
 * @param {LinkHandlers} handlers
 * @param {object} hello
 * @returns {Link}
 */
function viaExtension({ onEvent, onStatus }, hello) {
  /** @type {chrome.runtime.Port | undefined} */
  let port;
  let delay = RETRY_FIRST_MS;
  const open = () => {
    const p = chrome.runtime.connect({ name: "operator" });
    port = p;
    p.onMessage.addListener((event) => {
      delay = RETRY_FIRST_MS;
      onEvent(event);
    });
    p.onDisconnect.addListener(() => {
      void chrome.runtime.lastError; // read, so Chrome does not report it unchecked
      port = undefined;
      onStatus(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    });
    p.postMessage(hello);
    onStatus(true);
  };
  open();
  return {
    send(message) {
      if (port === undefined) {
        return false;
      }
      port.postMessage(message);
      return true;
    },
  };
}

/**
 * @param {LinkHandlers} handlers
 * @param {object} hello
 * @returns {Link}
 */
function viaWebSocket({ onEvent, onStatus }, hello) {
  const url = `ws://${location.host}${location.pathname.replace(/[^/]*$/, "")}ws`;
  /** @type {WebSocket | undefined} */
  let socket;
  let delay = RETRY_FIRST_MS;
  const open = () => {
    const ws = new WebSocket(url);
    ws.addEventListener("open", () => {
      socket = ws;
      delay = RETRY_FIRST_MS;
      ws.send(JSON.stringify(hello));
      onStatus(true);
    });
    ws.addEventListener("message", (m) => {
      try {
        onEvent(JSON.parse(String(m.data)));
      } catch (err) {
        console.warn("diwall: a malformed event from the host:", err);
      }
    });
    ws.addEventListener("close", () => {
      socket = undefined;
      onStatus(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    });
  };
  open();
  return {
    send(message) {
      if (socket === undefined) {
        return false;
      }
      socket.send(JSON.stringify(message));
      return true;
    },
  };
}
