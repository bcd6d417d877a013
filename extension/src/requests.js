// @ts-check
/**
 * Routing of the host's messages to the request handlers. Every request that carries an id gets
 * exactly one response; nothing here rejects or throws.
 */

import { ProtocolError, fromChromeError } from "./errors.js";
import { isPlainObject } from "./params.js";

/** @typedef {import("./handlers.js").Handler} Handler */
/** @typedef {(message: object) => boolean} Reply posts on the connection the request came on */

/**
 * @param {unknown} message one whole message from the host (chunks already joined)
 * @param {Reply} reply
 * @param {Map<string, Handler>} handlers
 * @returns {Promise<void>}
 */
export async function handleHostMessage(message, reply, handlers) {
  if (!isPlainObject(message)) {
    console.warn("diwall: ignoring a host message that is not a JSON object");
    return;
  }
  const id = message.id;
  const problem = requestProblem(message, handlers);
  if (problem !== undefined) {
    if (isRequestId(id)) {
      reply(errorResponse(id, new ProtocolError("invalid_argument", problem)));
    } else {
      console.warn(`diwall: ignoring a host message: ${problem}`);
    }
    return;
  }
  const requestId = /** @type {number} */ (id);
  const handler = /** @type {Handler} */ (handlers.get(/** @type {string} */ (message.method)));
  const params = isPlainObject(message.params) ? message.params : {};

  /** @type {object} */
  let response;
  try {
    const result = await handler(params);
    response = { type: "response", id: requestId, result: isPlainObject(result) ? result : {} };
  } catch (err) {
    if (!(err instanceof ProtocolError)) {
      console.warn(`diwall: ${message.method} failed:`, err);
    }
    response = errorResponse(requestId, fromChromeError(err));
  }
  if (!reply(response) && "result" in response) {
    // The result could not be posted (too large even in chunks?): the host still gets its answer.
    reply(errorResponse(requestId, new ProtocolError("internal", "the result could not be sent to the host")));
  }
}

/**
 * Why message is not a request this extension can run, or undefined when it is one.
 * @param {Record<string, unknown>} message
 * @param {Map<string, Handler>} handlers
 * @returns {string | undefined}
 */
function requestProblem(message, handlers) {
  if (message.type !== "request") {
    return `unexpected message type ${JSON.stringify(message.type)} (the host sends only requests and chunks)`;
  }
  if (!isRequestId(message.id)) {
    return "request without a positive integer id";
  }
  if (typeof message.method !== "string" || message.method === "") {
    return "request without a method";
  }
  if (!handlers.has(message.method)) {
    return `unknown method ${JSON.stringify(message.method)}`;
  }
  if (message.params !== undefined && message.params !== null && !isPlainObject(message.params)) {
    return "params must be an object";
  }
  return undefined;
}

/**
 * @param {unknown} id
 * @returns {id is number}
 */
function isRequestId(id) {
  return Number.isSafeInteger(id) && /** @type {number} */ (id) > 0;
}

/**
 * @param {number} id
 * @param {ProtocolError} err
 */
function errorResponse(id, err) {
  return { type: "response", id, error: { code: err.code, message: err.message } };
}
