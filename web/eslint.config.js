// ESLint (npm run lint): the recommended rules of ESLint and typescript-eslint. Layout is Prettier's
// (.prettierrc.json), so no rule here is about layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['src/**/*.ts'], languageOptions: { globals: globals.browser } },
  // The browser scripts run in Node and hand functions to the page.
  { files: ['e2e/**/*.mjs', '*.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // The build's scripts run in Node.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
);
