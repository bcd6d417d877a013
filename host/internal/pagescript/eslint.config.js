// @ts-check
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/"] },
  js.configs.recommended,
  {
    // Scripts, not modules: each is one function expression that the host
    // sends to the page, where it runs in an isolated world; roles.js and
    // accname.js are spliced into serializer.js's function.
    files: ["js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      // The names the assembler writes the constants and the options in place of.
      globals: { ...globals.browser, __PAGE_CONSTANTS__: "readonly", __OPTIONS__: "readonly" },
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
