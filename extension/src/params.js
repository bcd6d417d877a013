// @ts-check
/** Checks of request params; each failure is an `invalid_argument` naming the field. */

import { ProtocolError, invalidArgument } from "./errors.js";

/** @typedef {Record<string, unknown>} Params */

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {Params} params
 * @param {string} name
 * @returns {number}
 */
export function tabIdParam(params, name = "tab_id") {
  const value = params[name];
  if (!Number.isSafeInteger(value) || /** @type {number} */ (value) < 0) {
    throw invalidArgument(`${name} must be a non-negative integer`);
  }
  return /** @type {number} */ (value);
}

/**
 * @param {Params} params
 * @param {string} name
 * @returns {number[]}
 */
export function tabIdsParam(params, name = "tab_ids") {
  const value = params[name];
  if (!Array.isArray(value) || !value.every((id) => Number.isSafeInteger(id) && id >= 0)) {
    throw invalidArgument(`${name} must be a list of non-negative integers`);
  }
  return value;
}

/**
 * @param {Params} params
 * @param {string} name
 * @returns {string}
 */
export function stringParam(params, name) {
  const value = params[name];
  if (typeof value !== "string" || value === "") {
    throw invalidArgument(`${name} must be a non-empty string`);
  }
  return value;
}

/**
 * @param {Params} params
 * @param {string} name
 * @returns {boolean | undefined}
 */
export function optionalBoolParam(params, name) {
  const value = params[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== "boolean") {
    throw invalidArgument(`${name} must be a boolean`);
  }
  return value;
}

/**
 * @param {Params} params
 * @param {string} name
 * @param {number} min
 * @param {number} max
 * @returns {number | undefined}
 */
export function optionalIntParam(params, name, min, max) {
  const value = params[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!Number.isSafeInteger(value) || /** @type {number} */ (value) < min || /** @type {number} */ (value) > max) {
    throw invalidArgument(`${name} must be an integer in ${min}..${max}`);
  }
  return /** @type {number} */ (value);
}

/**
 * @param {Params} params
 * @param {string} name
 * @returns {Params | undefined}
 */
export function optionalObjectParam(params, name) {
  const value = params[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!isPlainObject(value)) {
    throw invalidArgument(`${name} must be an object`);
  }
  return value;
}

/**
 * A string of min..max UTF-16 code units.
 * @param {Params} params
 * @param {string} name
 * @param {number} min
 * @param {number} max
 * @returns {string}
 */
export function boundedStringParam(params, name, min, max) {
  const value = params[name];
  if (typeof value !== "string" || value.length < min || value.length > max) {
    throw invalidArgument(`${name} must be a string of ${min}..${max} characters`);
  }
  return value;
}

/**
 * @template {string} T
 * @param {Params} params
 * @param {string} name
 * @param {readonly T[]} allowed
 * @returns {T}
 */
export function oneOfParam(params, name, allowed) {
  const value = params[name];
  if (typeof value !== "string" || !allowed.includes(/** @type {T} */ (value))) {
    throw invalidArgument(`${name} must be one of ${allowed.join(", ")}`);
  }
  return /** @type {T} */ (value);
}

/**
 * A string that matches pattern; described names what it must be made of.
 * @param {Params} params
 * @param {string} name
 * @param {RegExp} pattern
 * @param {string} described
 * @returns {string}
 */
export function matchingParam(params, name, pattern, described) {
  const value = params[name];
  if (typeof value !== "string" || !pattern.test(value)) {
    throw invalidArgument(`${name} must be ${described}`);
  }
  return value;
}

/**
 * A list of objects, each passed to check. A failure inside an item names it, e.g.
 * `tabs[2].session must be ...`.
 * @template T
 * @param {Params} params
 * @param {string} name
 * @param {(item: Params) => T} check
 * @returns {T[]}
 */
export function objectListParam(params, name, check) {
  const value = params[name];
  if (!Array.isArray(value)) {
    throw invalidArgument(`${name} must be a list`);
  }
  return value.map((item, index) => {
    const where = `${name}[${index}]`;
    if (!isPlainObject(item)) {
      throw invalidArgument(`${where} must be an object`);
    }
    try {
      return check(item);
    } catch (err) {
      if (err instanceof ProtocolError && err.code === "invalid_argument") {
        throw invalidArgument(`${where}.${err.message}`);
      }
      throw err;
    }
  });
}

/**
 * Fails when two items share a key, naming the second one.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => unknown} keyOf
 * @param {string} name the list, e.g. "tabs"
 * @param {string} field the key's field, e.g. "tab_id"
 */
export function requireUnique(items, keyOf, name, field) {
  const seen = new Set();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) {
      throw invalidArgument(`${name}[${index}].${field} ${JSON.stringify(key)} is listed twice`);
    }
    seen.add(key);
  });
}

/** Longest MCP session key the host may give (`agent_tabs.set`, `sessions.set`). */
export const SESSION_KEY_MAX = 128;

/**
 * The key of an MCP session: a non-empty string of at most SESSION_KEY_MAX characters.
 * @param {Params} params
 * @param {string} [name]
 * @returns {string}
 */
export function sessionKeyParam(params, name = "session") {
  return boundedStringParam(params, name, 1, SESSION_KEY_MAX);
}
