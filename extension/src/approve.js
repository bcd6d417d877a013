// @ts-check
/**
 * The approval window (src/approve.html?id=...&client=...&origin=...): shows "Allow <client> on
 * <origin>?" and sends the person's click to the worker, which tells the host and closes this
 * window. Client names and origins are untrusted text: they are set with textContent only.
 */

import { approvalFromQuery } from "./approvals.js";

/** @typedef {import("./approvals.js").Decision} Decision */
/** @typedef {import("./page_messages.js").PageMessage} PageMessage */
/** @typedef {import("./page_messages.js").PageReply} PageReply */

/** @type {[string, Decision][]} */
const BUTTONS = [
  ["allow-once", "once"],
  ["allow-always", "always"],
  ["deny", "deny"],
];

const question = approvalFromQuery(location.search);
const buttons = BUTTONS.map(([id, decision]) => {
  const b = /** @type {HTMLButtonElement} */ (element(id));
  b.addEventListener("click", () => void answer(decision));
  return b;
});

if (question === undefined) {
  element("question").textContent = "This question is not valid.";
  setEnabled(false);
} else {
  element("client").textContent = question.client;
  element("origin").textContent = question.origin;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      void answer("deny");
    }
  });
}

/** @param {Decision} decision */
async function answer(decision) {
  if (question === undefined || buttons.every((b) => b.disabled)) {
    return;
  }
  setEnabled(false);
  /** @type {PageMessage} */
  const message = { type: "approval_answer", approval_id: question.approval_id, decision };
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
  // On success the worker closes this window.
  if (!reply.ok) {
    const error = element("error");
    error.textContent = reply.error;
    error.hidden = false;
  }
}

/** @param {boolean} enabled */
function setEnabled(enabled) {
  for (const b of buttons) {
    b.disabled = !enabled;
  }
}

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function element(id) {
  const el = document.getElementById(id);
  if (el === null) {
    throw new Error(`approve.html has no #${id}`);
  }
  return el;
}
