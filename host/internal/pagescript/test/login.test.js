// login's page helpers (js/login.js), run as the host sends them, on a
// snapshot the serializer took of a page in jsdom: the login form's fields
// they find, and what they say the page answered.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./helpers/page_scripts.js";

/**
 * A page with a snapshot taken; index(id) is the node index of an
 * element, nodes those of the ids given, as the host sends the marked ones.
 * @param {string} html
 */
function snapshot(html) {
  const p = page(html);
  p.serialize({ snapshot: "s1" });
  const index = (id) => p.window.__diwall.index.get(p.document.getElementById(id));
  const marked = () => [...p.document.querySelectorAll("[id]")].map((el) => index(el.id)).filter((i) => i !== undefined);
  return { p, index, login: (op, args = {}) => p.login(op, { snapshot: "s1", nodes: marked(), ...args }) };
}

test("a helper of another snapshot answers stale, an unknown op says so", () => {
  const { p, login } = snapshot(`<input id=u>`);
  assert.deepEqual(p.login("inspect", { snapshot: "old", nodes: [] }), { stale: true });
  assert.deepEqual(login("nonsense"), { error: "unknown op nonsense" });
});

test("inspect finds the username before the password, in its form, and the form's submit button", () => {
  const { index, login } = snapshot(`
    <input id=search placeholder="Search">
    <form>
      <label>Email <input id=email type=email></label>
      <input id=pw type=password>
      <input id=newpw type=password autocomplete="new-password">
      <button id=go type=submit>Sign in</button>
    </form>`);
  assert.deepEqual(login("inspect"), {
    password: index("pw"), username: index("email"), submit: index("go"), otp: false, captcha: false, errors: "",
  });
});

test("inspect without a password field takes a username by its cue, and a button by its words", () => {
  const { index, login } = snapshot(`
    <input id=q name=q>
    <input id=user name=username>
    <div id=next role=button>Next</div>`);
  const got = login("inspect");
  assert.equal(got.password, -1);
  assert.equal(got.username, index("user"));
  assert.equal(got.submit, index("next"));
});

test("inspect skips hidden, disabled and one-time-code fields, and reports a code, a CAPTCHA and errors", () => {
  const { login } = snapshot(`
    <input id=hidden type=password style="display: none">
    <input id=off type=password disabled>
    <input id=code autocomplete="one-time-code">
    <div class="g-recaptcha">captcha</div>
    <div role=alert>Wrong password</div>`);
  const got = login("inspect");
  assert.equal(got.password, -1);
  assert.equal(got.username, -1);
  assert.equal(got.submit, -1);
  assert.equal(got.otp, true);
  assert.equal(got.captcha, true);
  assert.equal(got.errors, "Wrong password");
});

test("settle answers at once when the page already decided, else when it does", async () => {
  const { p, index, login } = snapshot(`<form><input id=email type=email><button id=go>Next</button></form>`);
  // Nothing yet: the page shows a password field a moment later.
  const shown = login("settle", { field: index("email"), errors: "", wait: 5000 });
  p.document.querySelector("form").insertAdjacentHTML("beforeend", `<input type=password>`);
  assert.deepEqual(await shown, { state: "password" });
  // The password field is there now: the next settle answers at once.
  assert.deepEqual(await login("settle", { field: index("email"), errors: "", wait: 5000 }), { state: "password" });
});

test("settle says gone, error, or timeout", async () => {
  const { p, index, login } = snapshot(`<input id=pw type=password><div id=msg></div>`);
  const error = login("settle", { field: index("pw"), errors: "", wait: 5000 });
  p.document.getElementById("msg").outerHTML = `<div role=alert>Wrong password</div>`;
  assert.deepEqual(await error, { state: "error" });
  // The same error as before the submit is no answer.
  assert.deepEqual(await login("settle", { field: index("pw"), errors: "Wrong password", wait: 20 }), { state: "timeout" });
  const gone = login("settle", { field: index("pw"), errors: "Wrong password", wait: 5000 });
  p.document.getElementById("pw").remove();
  assert.deepEqual(await gone, { state: "gone" });
});
