// @ts-check
/**
 * The approval window (src/approve.html?id=...&client=...&origin=...[&kind=...&action=...]): shows
 * "Allow <client> on <origin>?", or, for a step, "<client> wants to <the kind in words> on <origin>"
 * with the action, the element's role and name, the detail and the step's image, and sends the
 * person's click to the worker, which tells the host and closes this window. Everything but the
 * kind is untrusted text (the client's, the page's, the model's): it is set with textContent only;
 * the image is a data: URL built here from base64 characters the worker left in
 * chrome.storage.session.
 */

import { STEP_IMAGE_MAX, isBase64, stepElementText, stepImageKey, stepWords } from "./approval_step.js";
import { approvalFromQuery } from "./approvals.js";

/** @typedef {import("./approvals.js").Decision} Decision */
/** @typedef {import("./approvals.js").ApprovalQuestion} ApprovalQuestion */
/** @typedef {import("./approval_step.js").StepText} StepText */
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
  if (question.step !== undefined) {
    showStep(question, question.step);
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      void answer("deny");
    }
  });
}

/**
 * Turns the site question into the step's.
 * @param {ApprovalQuestion} q
 * @param {StepText} step
 */
function showStep(q, step) {
  document.title = "Diwall: allow this step?";
  document.body.dataset.question = "step";
  const kind = document.createElement("strong");
  kind.id = "kind";
  kind.textContent = stepWords(step.kind);
  const share = step.kind === "share";
  element("question").replaceChildren(element("client"), " wants to ", kind, share ? " to " : " on ", element("origin"));
  element("hint").textContent = share
    ? "The detail names the private site the text was read on, and the text, masked. Closing this window denies it: nothing is typed or sent."
    : "The element's role, name and the detail are the page's words. Closing this window denies the step: it does not run.";
  element("step-action").textContent = step.action;
  showRow("step-element", stepElementText(step));
  showRow("step-detail", step.detail ?? "");
  element("allow-always").textContent = share ? "Always between these two sites" : "Always for this site and kind";
  element("step").hidden = false;
  void showImage(q.approval_id);
}

/**
 * @param {string} id the <dd>'s; its <dt> is `${id}-label`
 * @param {string} text empty hides the row
 */
function showRow(id, text) {
  element(id).textContent = text;
  element(id).hidden = text === "";
  element(`${id}-label`).hidden = text === "";
}

/**
 * Shows the step's image, when the worker left one for this question.
 * @param {string} approvalId
 */
async function showImage(approvalId) {
  const key = stepImageKey(approvalId);
  let data;
  try {
    data = (await chrome.storage.session.get(key))[key];
  } catch (err) {
    console.warn("diwall: the step's image could not be read:", err);
    return;
  }
  if (!isBase64(data) || data.length > STEP_IMAGE_MAX) {
    return;
  }
  const img = /** @type {HTMLImageElement} */ (element("step-image"));
  img.src = `data:image/jpeg;base64,${data}`;
  img.hidden = false;
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
