// @ts-check
/**
 * Approval questions (`approval.ask`, `approval.cancel`, the event `approval.answered`): one small
 * window of the extension's own page per question, "Allow <client> on <origin>?", or, for a question
 * with a step, whether the client may take that one step there (approval_step.js). The person's
 * click, or closing the window (a deny), is the answer; the extension only carries it.
 *
 * A step's image is too large for the page's URL: it waits in chrome.storage.session under
 * stepImageKey(approval_id), written before the window opens and removed when the question ends
 * (answered, withdrawn, its window closed, or dismissed with all the others).
 *
 * A question belongs to the host connection that asked it: when that connection ends, or a new
 * one starts, its window is closed unanswered (dismissAll). Which window asks which question is
 * kept in chrome.storage.session, so a restarted worker still knows which windows to close. All
 * bookkeeping runs one step at a time: a window closed, or a button clicked, while the window is
 * still being opened is handled after the question is on record.
 *
 * The chrome.* calls sit behind ApprovalWindows, so the logic runs under node:test with a fake.
 */

import { STEP_IMAGE_KEY_PREFIX, putStepText, stepImageKey, stepParam, stepTextOfQuery } from "./approval_step.js";
import { invalidArgument } from "./errors.js";
import { boundedStringParam, isPlainObject, matchingParam } from "./params.js";
import { serialQueue } from "./serial.js";

/** The storage.session key; its value is a list of PendingApproval. */
export const APPROVALS_KEY = "approvals";

/** The page that asks, relative to the extension's root. */
export const APPROVAL_PAGE = "src/approve.html";

/** The size of the question's window, in CSS pixels. */
export const APPROVAL_WINDOW_SIZE = Object.freeze({ width: 440, height: 240 });

/** The size of a step question's window, which shows the step's image. */
export const STEP_WINDOW_SIZE = Object.freeze({ width: 560, height: 520 });

/** @typedef {"once" | "always" | "deny"} Decision */

/** @type {readonly Decision[]} */
export const DECISIONS = ["once", "always", "deny"];

const APPROVAL_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CLIENT_MAX = 200;
const ORIGIN_MAX = 2048;

/**
 * @typedef {object} ApprovalRequest
 * @property {string} approval_id
 * @property {string} client the MCP client's name, as it announced it (untrusted text)
 * @property {string} origin the site asked for (untrusted text)
 * @property {import("./approval_step.js").ApprovalStep} [step] the step asked for, when the question
 *   is about one step rather than the site
 */

/**
 * A question as its page reads it back from its URL: a step's image is not in it.
 * @typedef {Omit<ApprovalRequest, "step"> & {step?: import("./approval_step.js").StepText}} ApprovalQuestion
 */

/**
 * @typedef {object} PendingApproval
 * @property {string} approval_id
 * @property {number} window_id
 */

/**
 * @param {import("./params.js").Params} params
 * @returns {string}
 */
export function approvalIdParam(params) {
  return matchingParam(params, "approval_id", APPROVAL_ID, "1..64 characters of A-Z, a-z, 0-9, _ and -");
}

/**
 * The params of `approval.ask`.
 * @param {import("./params.js").Params} params
 * @returns {ApprovalRequest}
 */
export function approvalAskParams(params) {
  /** @type {ApprovalRequest} */
  const request = {
    approval_id: approvalIdParam(params),
    client: boundedStringParam(params, "client", 1, CLIENT_MAX),
    origin: boundedStringParam(params, "origin", 1, ORIGIN_MAX),
  };
  const step = stepParam(params);
  if (step !== undefined) {
    request.step = step;
  }
  return request;
}

/**
 * The URL of the page that asks request; the page reads `id`, `client`, `origin` and the step's
 * text (`kind`, `action`, `role`, `name`, `detail`) back. A step's image stays out of it.
 * @param {string} pageUrl the absolute URL of APPROVAL_PAGE
 * @param {ApprovalQuestion} request
 * @returns {string}
 */
export function approvalPageUrl(pageUrl, { approval_id, client, origin, step }) {
  const query = new URLSearchParams({ id: approval_id, client, origin });
  if (step !== undefined) {
    putStepText(query, step);
  }
  return `${pageUrl}?${query}`;
}

/**
 * What the page reads back from its query: the inverse of approvalPageUrl. Undefined when the
 * query does not carry a valid question.
 * @param {string} search location.search
 * @returns {ApprovalQuestion | undefined}
 */
export function approvalFromQuery(search) {
  const query = new URLSearchParams(search);
  /** @type {import("./params.js").Params} */
  const params = { approval_id: query.get("id"), client: query.get("client"), origin: query.get("origin") };
  const step = stepTextOfQuery(query);
  if (step !== undefined) {
    params.step = step;
  }
  try {
    return approvalAskParams(params);
  } catch {
    return undefined;
  }
}

/**
 * Reads the stored list back, skipping anything malformed.
 * @param {unknown} stored
 * @returns {PendingApproval[]}
 */
export function parsePendingApprovals(stored) {
  if (!Array.isArray(stored)) {
    return [];
  }
  return stored.filter(
    (entry) =>
      isPlainObject(entry) &&
      typeof entry.approval_id === "string" &&
      APPROVAL_ID.test(entry.approval_id) &&
      Number.isSafeInteger(entry.window_id),
  );
}

/**
 * @typedef {object} ApprovalWindows the chrome.* calls Approvals makes
 * @property {(url: string, size: {width: number, height: number}) => Promise<number>} open opens the
 *   question's window; returns its id
 * @property {(windowId: number) => Promise<void>} close
 */

/** @typedef {(event: string, params: object) => void} Emit */

/** A question that is no longer open: answered, withdrawn, or never asked. */
export class NotPendingError extends Error {
  /** @param {string} approvalId */
  constructor(approvalId) {
    super(`The question ${approvalId} is no longer open.`);
    this.name = "NotPendingError";
  }
}

export class Approvals {
  #area;
  #windows;
  #pageUrl;
  #emit;
  #serial = serialQueue();

  /**
   * @param {object} deps
   * @param {chrome.storage.StorageArea} deps.area chrome.storage.session, where the open questions
   *   and the steps' images are kept
   * @param {ApprovalWindows} deps.windows
   * @param {string} deps.pageUrl the absolute URL of APPROVAL_PAGE
   * @param {Emit} deps.emit sends an event to the host
   */
  constructor({ area, windows, pageUrl, emit }) {
    this.#area = area;
    this.#windows = windows;
    this.#pageUrl = pageUrl;
    this.#emit = emit;
  }

  /**
   * Opens the question's window and resolves once it is open.
   * @param {ApprovalRequest} request
   * @returns {Promise<void>}
   */
  ask(request) {
    return this.#serial(async () => {
      const pending = await this.#read();
      if (pending.some((p) => p.approval_id === request.approval_id)) {
        throw invalidArgument(`approval_id ${request.approval_id} is already being asked`);
      }
      const image = request.step?.image;
      if (image !== undefined) {
        // Before the window opens, so that its page finds it.
        await this.#area.set({ [stepImageKey(request.approval_id)]: image });
      }
      const size = request.step === undefined ? APPROVAL_WINDOW_SIZE : STEP_WINDOW_SIZE;
      let windowId;
      try {
        windowId = await this.#windows.open(approvalPageUrl(this.#pageUrl, request), size);
      } catch (err) {
        await this.#forgetImage(request.approval_id);
        throw err;
      }
      try {
        await this.#write([...pending, { approval_id: request.approval_id, window_id: windowId }]);
      } catch (err) {
        // A question nobody could answer must not stay on screen.
        await this.#closeQuietly(windowId);
        await this.#forgetImage(request.approval_id);
        throw err;
      }
    });
  }

  /**
   * Withdraws the question: closes its window and sends nothing. Withdrawing a question that is no
   * longer open (it was answered meanwhile) is not an error.
   * @param {string} approvalId
   * @returns {Promise<void>}
   */
  cancel(approvalId) {
    return this.#serial(async () => {
      const entry = await this.#take((p) => p.approval_id === approvalId);
      if (entry !== undefined) {
        await this.#closeQuietly(entry.window_id);
      }
    });
  }

  /**
   * The person clicked a button: sends the answer and closes the window.
   * @param {string} approvalId
   * @param {Decision} decision
   * @returns {Promise<void>} rejects with NotPendingError when the question is no longer open
   */
  answer(approvalId, decision) {
    return this.#serial(async () => {
      // Taken off the record before the window closes, so its closing is not a second answer.
      const entry = await this.#take((p) => p.approval_id === approvalId);
      if (entry === undefined) {
        throw new NotPendingError(approvalId);
      }
      this.#emit("approval.answered", { approval_id: approvalId, decision });
      await this.#closeQuietly(entry.window_id);
    });
  }

  /**
   * A window was closed (chrome.windows.onRemoved): when it still asked a question, that is a deny.
   * @param {number} windowId
   * @returns {Promise<void>}
   */
  windowClosed(windowId) {
    return this.#serial(async () => {
      const entry = await this.#take((p) => p.window_id === windowId);
      if (entry !== undefined) {
        this.#emit("approval.answered", { approval_id: entry.approval_id, decision: "deny" });
      }
    });
  }

  /**
   * The host that asked is gone, or a new one is starting: closes every question's window and
   * forgets them all, sending nothing (the old host cannot hear an answer; the new one never asked).
   * @returns {Promise<void>}
   */
  dismissAll() {
    return this.#serial(async () => {
      const pending = await this.#read();
      if (pending.length > 0) {
        // Off the record before the windows close, so their closing is not taken for a deny.
        await this.#write([]);
        await Promise.all(pending.map((entry) => this.#closeQuietly(entry.window_id)));
      }
      // Every image goes, also one a worker stopped mid-question left behind.
      const stored = Object.keys(await this.#area.get(null)).filter((key) => key.startsWith(STEP_IMAGE_KEY_PREFIX));
      if (stored.length > 0) {
        await this.#area.remove(stored);
      }
    });
  }

  /** @returns {Promise<PendingApproval[]>} the questions open now */
  pending() {
    return this.#serial(() => this.#read());
  }

  /**
   * Removes and returns the first entry that matches.
   * @param {(entry: PendingApproval) => boolean} matches
   * @returns {Promise<PendingApproval | undefined>}
   */
  async #take(matches) {
    const pending = await this.#read();
    const index = pending.findIndex(matches);
    if (index < 0) {
      return undefined;
    }
    const [entry] = pending.splice(index, 1);
    await this.#write(pending);
    await this.#forgetImage(entry.approval_id);
    return entry;
  }

  /**
   * Removes the question's image, if it has one. A failure is only logged: the question is over,
   * and the next dismissAll removes the image anyway.
   * @param {string} approvalId
   */
  async #forgetImage(approvalId) {
    try {
      await this.#area.remove(stepImageKey(approvalId));
    } catch (err) {
      console.warn("diwall: a question's image could not be removed:", err);
    }
  }

  /** @returns {Promise<PendingApproval[]>} */
  async #read() {
    const items = await this.#area.get(APPROVALS_KEY);
    return parsePendingApprovals(items[APPROVALS_KEY]);
  }

  /** @param {PendingApproval[]} pending */
  async #write(pending) {
    await this.#area.set({ [APPROVALS_KEY]: pending });
  }

  /** @param {number} windowId */
  async #closeQuietly(windowId) {
    try {
      await this.#windows.close(windowId);
    } catch {
      // Already closed: the person was quicker.
    }
  }
}

/**
 * Opens the question as a small popup window, centred on the last focused normal window when
 * there is one. It appears on its own but unfocused: a person typing in a field of their own keeps
 * the keyboard until they click the window.
 * @type {ApprovalWindows}
 */
export const chromeApprovalWindows = {
  async open(url, size) {
    /** @type {chrome.windows.CreateData} */
    const create = { type: "popup", url, focused: false, width: size.width, height: size.height };
    try {
      const parent = await chrome.windows.getLastFocused({ windowTypes: ["normal"] });
      if (parent.left !== undefined && parent.top !== undefined && parent.width !== undefined && parent.height !== undefined) {
        create.left = Math.max(0, Math.round(parent.left + (parent.width - size.width) / 2));
        create.top = Math.max(0, Math.round(parent.top + (parent.height - size.height) / 3));
      }
    } catch {
      // No normal window: Chrome places it.
    }
    const win = await chrome.windows.create(create);
    if (win?.id === undefined) {
      throw new Error("the question's window was not created");
    }
    return win.id;
  },
  async close(windowId) {
    await chrome.windows.remove(windowId);
  },
};
