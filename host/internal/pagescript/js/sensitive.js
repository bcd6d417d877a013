// @ts-check
// The cues of a sensitive field, shared by the serializer (which masks
// what they find) and the capture guard (which watches what they find,
// and more). The host's own check is observe's sensitive.go: its regular
// expressions come in as the cues, its autocomplete tokens from
// page_constants.json.

import constants from "./page_constants.json";

// The autocomplete tokens of secrets. (The tokens are letters and
// hyphens: page_constants_test.go.)
const secretAutocomplete = new RegExp(`\\b(${constants.sensitiveAutocomplete.join("|")})\\b`, "i");

/**
 * Whether a field's type or autocomplete token alone makes it a secret.
 * @param {Element} el
 */
export function secretByKind(el) {
  return (el.getAttribute("type") || "").toLowerCase() === "password" ||
    secretAutocomplete.test(el.getAttribute("autocomplete") || "");
}

/**
 * cueTest makes the test of a field's words (its name, id, label,
 * placeholder...) against the host's regular expressions: words in
 * camelCase, snake_case or dotted are split as the host splits them, and
 * what the not-sensitive expression finds ("post code") is left out.
 * @param {{sensitive: string, notSensitive: string}} cues the sources of sensitive.go's expressions
 * @returns {(words: string | null) => boolean}
 */
export function cueTest(cues) {
  const sensitiveRe = new RegExp(cues.sensitive, "i");
  const notSensitiveRe = new RegExp(cues.notSensitive, "gi");
  return (words) => sensitiveRe.test((words || "").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_\-.[\]]/g, " ")
    .replace(notSensitiveRe, " "));
}
