// @ts-check
import js from "@eslint/js";
import globals from "globals";

/** The scripts of the extension's pages (popup.html, approve.html, panel.html). */
const PAGE_SCRIPTS = ["src/popup.js", "src/approve.js", "src/panel.js", "src/panel_render.js", "src/operator_link.js"];

/**
 * The host's page scripts, which Go embeds and sends to the page (see
 * tsconfig.hostjs.json). The lint script lints them from the repository's
 * root, where these paths start.
 */
const HOST_PAGE_SCRIPTS = ["host/internal/observe/*.js", "host/internal/act/page.js", "host/internal/downloads/page_fetch.js"];

export default [
  { ignores: ["node_modules/"] },
  js.configs.recommended,
  {
    files: ["src/**/*.js"],
    ignores: PAGE_SCRIPTS,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.webextensions, ...globals.serviceworker },
    },
  },
  {
    // The extension's pages run in a window, not in the service worker.
    files: PAGE_SCRIPTS,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.webextensions, ...globals.browser },
    },
  },
  {
    // Scripts, not modules: each is one function expression that Go sends
    // to the page, where it runs in an isolated world; roles.js and
    // accname.js are spliced into serializer.js's function.
    files: HOST_PAGE_SCRIPTS,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      // The names Go writes the constants and the options in place of.
      globals: { ...globals.browser, __PAGE_CONSTANTS__: "readonly", __OPTIONS__: "readonly" },
    },
  },
  {
    // The npm package's launcher (host/cmd/release), a Node script.
    files: ["host/cmd/release/npm/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
  },
  {
    files: ["test/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
  {
    rules: {
      eqeqeq: ["error", "always"],
      curly: ["error", "all"],
      "no-var": "error",
      "prefer-const": "error",
      "no-throw-literal": "error",
      "prefer-promise-reject-errors": "error",
      "no-implicit-coercion": "error",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
];
