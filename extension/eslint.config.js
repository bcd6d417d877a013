// @ts-check
import js from "@eslint/js";
import globals from "globals";

/** The scripts of the extension's pages (popup.html, approve.html, panel.html). */
const PAGE_SCRIPTS = ["src/popup.js", "src/approve.js", "src/panel.js", "src/panel_render.js", "src/operator_link.js"];

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
    // The npm package's launcher (installer/cmd/release), a Node script.
    files: ["installer/cmd/release/npm/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
  },
  {
    // The TypeScript SDK client the end-to-end tests drive diwall mcp with.
    files: ["e2e/tsclient/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
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
