// @ts-check
/** Checks of request params; each failure is an `invalid_argument` naming the field. */

import { invalidArgument } from "./errors.js";

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
