// @ts-check
/**
 * The MCP sessions connected to the host now, as the host last gave them with `sessions.set`.
 * Kept in chrome.storage.session for the popup, which offers to share a tab with each of them, and
 * for the worker, which shares a tab only with a session on this list.
 */

import { boundedStringParam, isPlainObject, objectListParam, oneOfParam, requireUnique, sessionKeyParam } from "./params.js";
import { GROUP_COLORS } from "./tab_groups.js";

/** The storage.session key; its value is a list of ConnectedSession. */
export const SESSIONS_KEY = "sessions";

/** Longest session name the person reads. */
export const SESSION_NAME_MAX = 100;

/**
 * @typedef {object} ConnectedSession
 * @property {string} session the session's key
 * @property {string} name what the person reads, e.g. "Claude Code"
 * @property {import("./tab_groups.js").GroupColor} color the colour of its tab group
 */

/**
 * The params of `sessions.set`: `{sessions: [{session, name, color}]}`, each key listed once.
 * @param {import("./params.js").Params} params
 * @returns {ConnectedSession[]}
 */
export function sessionsParam(params) {
  const sessions = objectListParam(params, "sessions", (item) => ({
    session: sessionKeyParam(item),
    name: boundedStringParam(item, "name", 0, SESSION_NAME_MAX),
    color: oneOfParam(item, "color", GROUP_COLORS),
  }));
  requireUnique(sessions, (s) => s.session, "sessions", "session");
  return sessions;
}

/**
 * Reads a stored value back, skipping anything malformed.
 * @param {unknown} stored
 * @returns {ConnectedSession[]}
 */
export function parseSessions(stored) {
  if (!Array.isArray(stored)) {
    return [];
  }
  /** @type {ConnectedSession[]} */
  const sessions = [];
  for (const entry of stored) {
    if (
      isPlainObject(entry) &&
      typeof entry.session === "string" &&
      entry.session !== "" &&
      typeof entry.name === "string" &&
      typeof entry.color === "string" &&
      GROUP_COLORS.includes(/** @type {import("./tab_groups.js").GroupColor} */ (entry.color))
    ) {
      sessions.push({
        session: entry.session,
        name: entry.name,
        color: /** @type {import("./tab_groups.js").GroupColor} */ (entry.color),
      });
    }
  }
  return sessions;
}

/** Reads and writes the list; no copy is kept in memory, so every read is current. */
export class ConnectedSessions {
  #area;

  /** @param {chrome.storage.StorageArea} area chrome.storage.session */
  constructor(area) {
    this.#area = area;
  }

  /** @returns {Promise<ConnectedSession[]>} */
  async list() {
    const items = await this.#area.get(SESSIONS_KEY);
    return parseSessions(items[SESSIONS_KEY]);
  }

  /**
   * Replaces the list.
   * @param {ConnectedSession[]} sessions
   * @returns {Promise<void>}
   */
  async replace(sessions) {
    await this.#area.set({ [SESSIONS_KEY]: sessions });
  }
}
