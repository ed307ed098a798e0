import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The modules whose every word comes from the catalogs (issue 29); the rest of the site joins this list page by page. */
const TRANSLATED_FILES = [
  "app/root.tsx",
  "app/routes/_index.tsx",
  "app/routes/login.tsx",
  "app/routes/signup.tsx",
  "app/routes/signup-new.tsx",
  "app/routes/signup-error.tsx",
  "app/routes/success.tsx",
  "app/routes/forgot-password.tsx",
  "app/routes/forgot-username.tsx",
  "app/routes/reset-password.tsx",
  "app/auth/ui/*.tsx",
  "app/ui/error-page.tsx",
  "app/ui/chunk-error-module.tsx",
  "app/ui/nav-menu.tsx",
  "app/ui/skip-link.tsx",
  "app/ui/language-menu.tsx",
  "app/ui/script-text.tsx",
  "app/ui/country-region-select.tsx",
  "app/routes/release-notes.tsx",
  "app/members/ui/*.tsx",
  "app/routes/members.profile*.tsx",
  "app/routes/members.membership.search.tsx",
  "app/routes/members.$.tsx",
  "app/families/ui/my-trees-page.tsx",
  "app/families/ui/tree-submit-page.tsx",
  "app/families/ui/tree-preview-page.tsx",
  "app/families/ui/person-page.tsx",
  "app/families/ui/pedigree-chart.tsx",
  "app/families/ui/descendants-page.tsx",
  "app/families/ui/waiting-trees.tsx",
  "app/families/ui/person-search-page.tsx",
  "app/ui/approval-actions.tsx",
  "app/routes/members.source-person.tsx",
  "app/routes/members.source-descendants.tsx",
  "app/routes/members.genealogy.my-trees.tsx",
  "app/routes/members.genealogy.submit.tsx",
  "app/routes/members.genealogy.trees.$treeId.tsx",
  "app/routes/members.admin*.tsx",
  "app/admin/ui/*.tsx",
  "app/imports/ui/*.tsx",
  "app/diagnostics/ui/*.tsx",
  "app/routes/config-check.tsx",
  "app/routes/source-search.tsx",
  "app/routes/source-record.tsx",
  "app/routes/source-place.tsx",
  "app/routes/members.source-search.tsx",
  "app/routes/members.source-record.tsx",
  "app/routes/members.source-place.tsx",
  "app/search/ui/search-page.tsx",
  "app/search/ui/record-page.tsx",
  "app/listing/ui/*.tsx",
  "app/ui/citation.tsx",
  "app/places/ui/place-page.tsx",
  "app/search/ui/place-records.tsx",
  "app/unified/ui/*.tsx",
  "app/search/ui/surname-map.tsx",
  "app/maps/ui/geo-map.tsx",
  "app/places/ui/place-map.tsx",
  "app/places/ui/place-search-page.tsx",
  "app/routes/unified-search.tsx",
];

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // An array spread into a call puts every element on the stack: 130,000 numbers in Math.max gave a RangeError
    // (issue 26). Loop, or reduce; a list known to be short may say so with a disable comment. Tests build their
    // own small lists.
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "e2e/**", "http-tests/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression > SpreadElement, NewExpression > SpreadElement",
          message: "No spread of an array into a call (its length is the stack's): loop or reduce instead.",
        },
      ],
    },
  },
  {
    // Issue 29: no text a person reads is written into the pages; it comes from app/locales through `t` or <Trans>.
    // On for the pages translated so far (the list grows as the rest of the site is translated; docs/decisions/0071).
    // Checked: JSX text and the attributes people read or hear. Allowed: the site's name (a proper name) and
    // punctuation between translated parts (· and the like).
    files: TRANSLATED_FILES,
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": {
            include: ["label", "hint", "placeholder", "aria-label", "title", "alt", "submitLabel", "sentMessage"],
          },
          // Digits, punctuation and the typographic marks pages put between words (a back link's ←, a breadcrumb's ›,
          // a hidden password's •) are no words to translate.
          words: { exclude: ["[0-9!-/:-@[-`{-~·—–…←‹›•\\s]+", "Metryka"] },
        },
      ],
    },
  },
  {
    // Playwright fixtures hand values on through a callback named `use`; it is not React's.
    files: ["e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
