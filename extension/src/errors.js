// @ts-check
/**
 * The error codes of responses (PROTOCOL.md, "Error codes in responses") and the mapping of
 * Chrome's error messages onto them.
 */

/** @typedef {"tab_gone" | "debugger_detached" | "not_allowed" | "not_agent_tab" | "invalid_argument" | "capture_failed" | "cdp_error" | "internal"} ErrorCode */

/** An error that goes to the host as `{code, message}`. */
export class ProtocolError extends Error {
  /**
   * @param {ErrorCode} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = "ProtocolError";
    /** @type {ErrorCode} */
    this.code = code;
  }
}

/**
 * @param {string} message
 * @returns {ProtocolError}
 */
export function invalidArgument(message) {
  return new ProtocolError("invalid_argument", message);
}

/**
 * The text of anything thrown.
 * @param {unknown} err
 * @returns {string}
 */
export function errorText(err) {
  if (err instanceof Error) {
    return err.message;
  }
  return String(err);
}

// Chrome's own words (tabs_constants.cc, debugger_api_constants.cc).
const TAB_GONE = /^No tab with (given )?id\b/;
const NOT_ATTACHED = /^Debugger is not attached to the tab\b|^Detached while handling command\b/;

/**
 * Maps a rejection of a chrome.* call to a ProtocolError. Messages Chrome uses for a missing tab or
 * a missing debugger session get their own codes; everything else gets fallback, with Chrome's
 * message unchanged.
 * @param {unknown} err
 * @param {ErrorCode} [fallback]
 * @returns {ProtocolError}
 */
export function fromChromeError(err, fallback = "internal") {
  if (err instanceof ProtocolError) {
    return err;
  }
  const message = errorText(err);
  if (TAB_GONE.test(message)) {
    return new ProtocolError("tab_gone", message);
  }
  if (NOT_ATTACHED.test(message)) {
    return new ProtocolError("debugger_detached", message);
  }
  return new ProtocolError(fallback, message);
}

/**
 * chrome.debugger.sendCommand rejects with the CDP error object serialized as JSON, e.g.
 * `{"code":-32000,"message":"Cannot navigate to invalid URL"}`. Returns that error's message (with
 * its `data`, if any), or undefined when text is not such an object.
 * @param {string} text
 * @returns {string | undefined}
 */
export function cdpErrorMessage(text) {
  if (!text.startsWith("{")) {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && typeof parsed.message === "string") {
      return typeof parsed.data === "string" && parsed.data !== "" ? `${parsed.message}: ${parsed.data}` : parsed.message;
    }
  } catch {
    // not JSON: not a CDP error
  }
  return undefined;
}

/**
 * Awaits a chrome.* promise, mapping its rejection with fromChromeError.
 * @template T
 * @param {Promise<T>} promise
 * @param {ErrorCode} [fallback]
 * @returns {Promise<T>}
 */
export async function chromeCall(promise, fallback = "internal") {
  try {
    return await promise;
  } catch (err) {
    throw fromChromeError(err, fallback);
  }
}
