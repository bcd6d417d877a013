// @ts-check
import js from "@eslint/js";
import globals from "globals";

export default [
  // bundled/ is written by ./bundle, from js/.
  { ignores: ["node_modules/", "bundled/"] },
  js.configs.recommended,
  {
    // The small scripts: each one function expression (or expression) that
    // the host sends to the page as it is, where it runs in an isolated
    // world.
    files: ["js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser },
    },
  },
  {
    // The modules, which the host sends bundled (./bundle).
    files: ["js/serializer.js", "js/roles.js", "js/accname.js", "js/labels.js", "js/sensitive.js", "js/guard.js",
      "js/act.js", "js/login.js"],
    languageOptions: { sourceType: "module" },
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
    // The extension's rules (extension/eslint.config.js).
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
