// @ts-check
// Diwall's login helpers. The host runs this in its isolated world of the
// tab's main frame: this module's default export, called with an op and
// its arguments ("<op>", {...}), answers one JSON string. It finds the
// fields of a login form among the elements of the current snapshot
// (globalThis.__diwall), and watches the page after a submit. It reads no field's value and types nothing: the
// host types with real input events.
//
// inspect {snapshot}: {password, username, submit: node indexes or -1,
//   otp, captcha: booleans, errors: the text of the page's error signs}
// settle {snapshot, field, errors, wait}: answers when the page decides:
//   "password" (a password field is shown), "gone" (the field typed into
//   went away), "error" (new error text), "otp", "captcha"; or "timeout".

// Each op's arguments and answer are declared in page_ops.d.ts (LoginOps),
// as the host declares them in Go (login's ops.go).
/** @type {(...call: LoginCall) => string | Promise<string>} */
const login = (op, args) => {
  /**
   * The answer of op, as JSON.
   * @template {keyof LoginOps} K
   * @param {K} _op @param {LoginOps[K][1]} v
   */
  const out = (_op, v) => JSON.stringify(v);
  const state = globalThis.__diwall;
  if (!state || state.snapshot !== args.snapshot) { return out(op, { stale: true }); }
  const els = state.els;

  /** @param {Element | null | undefined} el */
  const visible = (el) => {
    if (!el || !el.isConnected) { return false; }
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) { return false; }
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none" && cs.opacity !== "0" &&
      !el.closest("[hidden],[aria-hidden=true],[inert]");
  };
  /** @param {PageElement} el */
  const usable = (el) => visible(el) && !el.disabled && !el.readOnly;
  /** @param {HTMLInputElement} el */
  const cues = (el) => [el.name, el.id, el.getAttribute("aria-label"), el.placeholder,
    ...Array.from(el.labels || [], (l) => l.textContent)].join(" ").toLowerCase();
  /** @param {unknown} el @returns {el is HTMLInputElement} */
  const isInput = (el) => el instanceof HTMLInputElement;
  /** @param {unknown} el */
  const isPassword = (el) => isInput(el) && el.type === "password" && !/new-password/i.test(el.autocomplete);
  const otpCue = /\b(otp|totp|one.?time|2fa|mfa|verification.?code|auth(entication)?.?code|security.?code|c[oó]digo|best[aä]tigungscode|einmalcode)\b/;
  /** @param {unknown} el */
  const isOTP = (el) => isInput(el) && (/one-time-code/i.test(el.autocomplete) || otpCue.test(cues(el)));
  const textTypes = new Set(["text", "email", "tel", ""]);
  const userCue = /\b(user|username|login|email|e-mail|mail|account|identifier|benutzer|usuario|utilizador|correo|nutzer)\b|user|login|email/;
  /** @param {unknown} el */
  const isUsername = (el) => isInput(el) && textTypes.has(el.getAttribute("type") === null ? "" : el.type) &&
    !isOTP(el) && (/\b(username|email)\b/i.test(el.autocomplete) || userCue.test(cues(el)));
  const submitWords = /\b(log ?in|sign ?in|next|continue|submit|weiter|anmelden|einloggen|entrar|iniciar|acceder|siguiente|pr[oó]ximo|continuar|se connecter|connexion|suivant)\b/i;

  // The snapshot's elements that carry a mark, in reading order.
  const marked = /** @type {PageElement[]} */ ((op === "inspect" ? args.nodes : []).map((i) => els[i]).filter(Boolean));
  /** @param {Element | null} el */
  const indexOf = (el) => (el ? state.index.get(el) : undefined) ?? -1;

  const captcha = () => {
    const sel = 'iframe[src*="recaptcha"], iframe[src*="hcaptcha"], iframe[src*="turnstile"], iframe[title*="captcha" i], ' +
      '.g-recaptcha, .h-captcha, .cf-turnstile, [id*="captcha" i], [class*="captcha" i], [name*="captcha" i]';
    return Array.from(document.querySelectorAll(sel)).some(visible);
  };
  const otp = () => Array.from(document.querySelectorAll("input")).some((el) => isOTP(el) && usable(el));
  const passwordShown = () => Array.from(document.querySelectorAll("input[type=password]")).some((el) => isPassword(el) && usable(el));
  const errors = () => {
    const sel = '[role=alert], [aria-live=assertive], [aria-invalid=true], .error, .alert, .invalid, [class*="error" i]';
    return Array.from(document.querySelectorAll(sel)).filter(visible)
      .map((/** @type {PageElement & { name?: string }} */ el) =>
        (el.getAttribute("aria-invalid") === "true" ? "invalid:" + (el.name || el.id) : el.textContent.trim()))
      .filter(Boolean).join("\n").slice(0, 2000);
  };

  if (op === "inspect") {
    const password = /** @type {HTMLInputElement | null} */ (marked.find((el) => isPassword(el) && usable(el)) || null);
    /** @type {HTMLInputElement | null} */
    let username;
    const scope = password ? password.form : null;
    /** @param {Element} el */
    const before = (el) => password && (el.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING);
    const candidates = /** @type {HTMLInputElement[]} */ (marked.filter((el) =>
      isInput(el) && textTypes.has(el.getAttribute("type") === null ? "" : el.type) && usable(el) && !isOTP(el)));
    if (password) {
      // The text field before the password, in its form: a cue wins.
      const near = candidates.filter((el) => before(el) && (!scope || el.form === scope));
      username = near.filter(isUsername).pop() || near.pop() || null;
    } else {
      username = candidates.find(isUsername) || null;
    }
    const field = password || username;
    let submit = null;
    if (field) {
      const buttons = /** @type {(HTMLButtonElement | HTMLInputElement)[]} */ (marked.filter((el) =>
        usable(el) && (el instanceof HTMLButtonElement && el.type === "submit" || isInput(el) && (el.type === "submit" || el.type === "image"))));
      submit = (field.form && buttons.find((b) => b.form === field.form)) ||
        marked.find((el) => usable(el) && !isInput(el) && (el instanceof HTMLButtonElement || el.getAttribute("role") === "button") &&
          submitWords.test(el.textContent || el.getAttribute("aria-label") || "") &&
          (field.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) || null;
    }
    return out(op, { password: indexOf(password), username: indexOf(username), submit: indexOf(submit),
      otp: otp(), captcha: captcha(), errors: errors() });
  }

  if (op === "settle") {
    const field = els[args.field];
    const decide = () => {
      if (captcha()) { return "captcha"; }
      if (otp()) { return "otp"; }
      if (!isPassword(field) && passwordShown()) { return "password"; }
      if (!visible(field)) { return "gone"; }
      const e = errors();
      if (e && e !== args.errors) { return "error"; }
      return "";
    };
    return new Promise((done) => {
      const now = decide();
      if (now) { return done(out(op, { state: now })); }
      const watch = new MutationObserver(() => {
        const d = decide();
        if (d) { watch.disconnect(); clearTimeout(limit); done(out(op, { state: d })); }
      });
      const limit = setTimeout(() => { watch.disconnect(); done(out(op, { state: decide() || "timeout" })); }, args.wait);
      watch.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
    });
  }
  return JSON.stringify({ error: "unknown op " + /** @type {string} */ (op) });
};
export default login;
