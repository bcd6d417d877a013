import assert from "node:assert/strict";

import { ProtocolError } from "../../src/errors.js";

/**
 * Asserts that fn throws invalid_argument with a message matching pattern.
 * @param {() => unknown} fn
 * @param {RegExp} pattern
 */
export function rejectsInvalid(fn, pattern) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof ProtocolError, `not a ProtocolError: ${err}`);
    assert.equal(err.code, "invalid_argument");
    assert.match(err.message, pattern);
    return true;
  });
}
