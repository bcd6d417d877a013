// @ts-check
/**
 * Messages from the extension's own pages to the worker (chrome.runtime.sendMessage): the popup's
 * share and stop-sharing clicks, and the approval window's answer. Each is checked for who sent it
 * and for its shape before it does anything, and gets `{ok: true}` or `{ok: false, error}`, where
 * error is a sentence the page shows the person.
 *
 * | type | fields | sent by |
 * |---|---|---|
 * | `share_tab` | `tab_id`, `session` | src/popup.html |
 * | `stop_sharing` | `tab_id` | src/popup.html |
 * | `approval_answer` | `approval_id`, `decision` ("once", "always", "deny") | src/approve.html |
 */

import { DECISIONS, NotPendingError, approvalIdParam } from "./approvals.js";
import { ProtocolError, errorText } from "./errors.js";
import { isPlainObject, oneOfParam, sessionKeyParam, tabIdParam } from "./params.js";
import { RefusedError } from "./sharing.js";

export const POPUP_PAGE = "src/popup.html";
export const APPROVE_PAGE = "src/approve.html";

/**
 * @typedef {{type: "share_tab", tab_id: number, session: string}
 *   | {type: "stop_sharing", tab_id: number}
 *   | {type: "approval_answer", approval_id: string, decision: import("./approvals.js").Decision}} PageMessage
 */

/** @typedef {{ok: true} | {ok: false, error: string}} PageReply */

/**
 * @typedef {object} PageActions what the messages do
 * @property {(tabId: number, session: string) => Promise<void>} share
 * @property {(tabId: number) => Promise<void>} stopSharing
 * @property {(approvalId: string, decision: import("./approvals.js").Decision) => Promise<void>} answer
 */

/**
 * @typedef {object} Sender the parts of chrome.runtime.MessageSender looked at
 * @property {string} [id]
 * @property {string} [url]
 */

/**
 * Which page, relative to the extension's root, sent the message; undefined when the sender is not
 * one of this extension's own pages.
 * @param {Sender} sender
 * @param {string} extensionId chrome.runtime.id
 * @param {string} extensionRoot chrome.runtime.getURL(""), e.g. "chrome-extension://ID/"
 * @returns {string | undefined}
 */
export function senderPage(sender, extensionId, extensionRoot) {
  if (sender.id !== extensionId || typeof sender.url !== "string" || !sender.url.startsWith(extensionRoot)) {
    return undefined;
  }
  // extensionRoot ends with "/", so what follows is the page's path, then its query or fragment.
  return sender.url.slice(extensionRoot.length).split(/[?#]/, 1)[0];
}

/**
 * Checks a message's shape, and that the page that sent it is the one that may.
 * @param {unknown} message
 * @param {string} page from senderPage
 * @returns {PageMessage}
 * @throws {Error} naming what is wrong
 */
export function parsePageMessage(message, page) {
  if (!isPlainObject(message)) {
    throw new Error("the message is not an object");
  }
  /** @type {PageMessage} */
  let parsed;
  switch (message.type) {
    case "share_tab":
      parsed = { type: "share_tab", tab_id: tabIdParam(message), session: sessionKeyParam(message) };
      break;
    case "stop_sharing":
      parsed = { type: "stop_sharing", tab_id: tabIdParam(message) };
      break;
    case "approval_answer":
      parsed = {
        type: "approval_answer",
        approval_id: approvalIdParam(message),
        decision: oneOfParam(message, "decision", DECISIONS),
      };
      break;
    default:
      throw new Error(`unknown message type ${JSON.stringify(message.type)}`);
  }
  const from = parsed.type === "approval_answer" ? APPROVE_PAGE : POPUP_PAGE;
  if (page !== from) {
    throw new Error(`${parsed.type} is accepted only from ${from}, not from ${page}`);
  }
  return parsed;
}

/**
 * Runs one page message. Never rejects.
 * @param {unknown} message
 * @param {string} page from senderPage
 * @param {PageActions} actions
 * @returns {Promise<PageReply>}
 */
export async function handlePageMessage(message, page, actions) {
  /** @type {PageMessage} */
  let parsed;
  try {
    parsed = parsePageMessage(message, page);
  } catch (err) {
    return { ok: false, error: `Not a valid request: ${errorText(err)}` };
  }
  try {
    switch (parsed.type) {
      case "share_tab":
        await actions.share(parsed.tab_id, parsed.session);
        break;
      case "stop_sharing":
        await actions.stopSharing(parsed.tab_id);
        break;
      case "approval_answer":
        await actions.answer(parsed.approval_id, parsed.decision);
        break;
    }
    return { ok: true };
  } catch (err) {
    if (err instanceof RefusedError || err instanceof NotPendingError) {
      return { ok: false, error: err.message };
    }
    console.warn(`diwall: ${parsed.type} failed:`, err);
    const detail = err instanceof ProtocolError ? `${err.code}: ${err.message}` : errorText(err);
    return { ok: false, error: `Something went wrong: ${detail}` };
  }
}
