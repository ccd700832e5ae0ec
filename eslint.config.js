import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Where code runs decides what it may use: client/ and shared/ ship in the browser bundle (shared/
// runs on the server too, so it may use neither side's own modules), server/ runs in Node alone.
const BROWSER_CODE = ['client/**', 'shared/**'];
const NODE_CODE = ['server/**'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests, the build and the configuration files drive both sides.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: [...BROWSER_CODE, ...NODE_CODE],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: BROWSER_CODE,
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'client/ and shared/ run in the browser: no Node modules here.' },
            { regex: '(^|/)server(/|$)', message: 'client/ and shared/ must not import server code; pass values in from the server instead.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'client/ and shared/ run in the browser, where Node globals do not exist.',
        })),
      ],
    },
  },
  {
    files: NODE_CODE,
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)client(/|$)', message: 'The server does not import the browser entry.' },
            { regex: '(^|/)shared/browser(/|$)', message: 'shared/browser/ is browser-only code (fetch from the page).' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'sessionStorage', 'localStorage'].map((name) => ({
          name,
          message: 'server/ runs in Node, where browser globals do not exist.',
        })),
      ],
    },
  },
);
