// @ts-check
/**
 * The step of an approval question (`approval.ask`'s `step`): one consequential step the person
 * confirms before it runs (a payment, a form's submission, an upload, a download, a login), as the
 * profile's `confirm` lists them. Here: the check of the host's params, the kind in the person's
 * words, the step's text in the page's query, and where the step's image waits for the page in
 * chrome.storage.session (a 700,000-character image does not belong in a URL).
 *
 * Everything but the kind is untrusted text (the page's words, or the model's): the page shows it
 * with textContent only, and the image only as a data: URL the page builds from base64 characters.
 */

import { invalidArgument } from "./errors.js";
import { boundedStringParam, isPlainObject, oneOfParam } from "./params.js";

/** @typedef {"purchase" | "submit" | "upload" | "download" | "login" | "share"} StepKind */

/**
 * The kinds of step a profile's `confirm` may list, and `share`: text read on a private site about to
 * leave for another (the question's origin), its detail naming the private site and the text masked.
 * @type {readonly StepKind[]}
 */
export const STEP_KINDS = ["purchase", "submit", "upload", "download", "login", "share"];

/** Longest action, role, name or detail, in characters. */
export const STEP_TEXT_MAX = 500;

/** Longest image, in base64 characters. */
export const STEP_IMAGE_MAX = 700_000;

/** What the client wants to do, for "<client> wants to <words> on <origin>". */
const STEP_WORDS = Object.freeze({
  purchase: "pay or place an order",
  submit: "submit a form",
  upload: "upload files",
  download: "download a file",
  login: "log in",
  share: "send text it read on a private site",
});

/** The step's text fields besides the kind, as the page's query carries them. */
const TEXT_FIELDS = /** @type {const} */ (["action", "role", "name", "detail"]);

/** Standard base64 with its padding: what Go's encoding/base64 writes. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A step as the page shows it: its image stays out of the page's URL.
 * @typedef {object} StepText
 * @property {StepKind} kind
 * @property {string} action what the agent does, e.g. "click", "press Enter", "upload"
 * @property {string} [role] the element's role (the page's)
 * @property {string} [name] the element's accessible name (the page's)
 * @property {string} [detail] e.g. the names of the files to upload
 */

/**
 * @typedef {StepText & {image?: string}} ApprovalStep the step with its image, a base64 JPEG of
 *   the masked, marked viewport with the element outlined
 */

/**
 * The `step` of `approval.ask`'s params; undefined when there is none. The optional text fields
 * may be empty, which is the same as absent.
 * @param {import("./params.js").Params} params
 * @returns {ApprovalStep | undefined}
 */
export function stepParam(params) {
  const step = params.step;
  if (step === undefined || step === null) {
    return undefined;
  }
  if (!isPlainObject(step)) {
    throw invalidArgument("step must be an object");
  }
  try {
    return stepFields(step);
  } catch (err) {
    throw invalidArgument(`step.${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * @param {import("./params.js").Params} step
 * @returns {ApprovalStep}
 */
function stepFields(step) {
  /** @type {ApprovalStep} */
  const out = {
    kind: oneOfParam(step, "kind", STEP_KINDS),
    action: boundedStringParam(step, "action", 1, STEP_TEXT_MAX),
  };
  for (const field of TEXT_FIELDS) {
    if (field !== "action" && step[field] !== undefined && step[field] !== null) {
      const value = boundedStringParam(step, field, 0, STEP_TEXT_MAX);
      if (value !== "") {
        out[field] = value;
      }
    }
  }
  if (step.image !== undefined && step.image !== null && step.image !== "") {
    const image = step.image;
    if (typeof image !== "string" || image.length > STEP_IMAGE_MAX) {
      throw invalidArgument(`image must be a string of at most ${STEP_IMAGE_MAX} characters`);
    }
    if (!isBase64(image)) {
      throw invalidArgument("image must be standard base64 (A-Z, a-z, 0-9, + and /, padded with =)");
    }
    out.image = image;
  }
  return out;
}

/**
 * Whether text is a non-empty, padded, standard base64 string: nothing else may reach a data: URL.
 * @param {unknown} text
 * @returns {text is string}
 */
export function isBase64(text) {
  return typeof text === "string" && text !== "" && BASE64.test(text);
}

/**
 * @param {StepKind} kind
 * @returns {string} e.g. "submit a form"
 */
export function stepWords(kind) {
  return STEP_WORDS[kind];
}

/**
 * The element as the person reads it: its role, then its name in quotes (both the page's words),
 * e.g. `button “Place order”`; empty when the step names no element.
 * @param {StepText} step
 * @returns {string}
 */
export function stepElementText({ role, name }) {
  const quoted = name === undefined ? undefined : `“${name}”`;
  return [role, quoted].filter((part) => part !== undefined).join(" ");
}

/**
 * Adds the step's text to the page's query.
 * @param {URLSearchParams} query
 * @param {StepText} step
 */
export function putStepText(query, step) {
  query.set("kind", step.kind);
  for (const field of TEXT_FIELDS) {
    const value = step[field];
    if (value !== undefined) {
      query.set(field, value);
    }
  }
}

/**
 * The step's fields as the page's query carries them, for stepParam to check; undefined when the
 * query asks about a site, not a step.
 * @param {URLSearchParams} query
 * @returns {Record<string, string> | undefined}
 */
export function stepTextOfQuery(query) {
  const kind = query.get("kind");
  if (kind === null) {
    return undefined;
  }
  /** @type {Record<string, string>} */
  const step = { kind };
  for (const field of TEXT_FIELDS) {
    const value = query.get(field);
    if (value !== null) {
      step[field] = value;
    }
  }
  return step;
}

/** What the storage.session keys of step images start with. */
export const STEP_IMAGE_KEY_PREFIX = "approval_image:";

/**
 * The storage.session key under which the question's image waits for its page.
 * @param {string} approvalId
 * @returns {string}
 */
export function stepImageKey(approvalId) {
  return STEP_IMAGE_KEY_PREFIX + approvalId;
}
