// One lint config for the whole repository, including the import boundaries of
// CONVENTIONS.md and ADR 012 (scripts/eslint/import-boundaries.js): the web app's layers import
// downwards only (lib → components/ui → entities → features → routes), an entity imports another
// entity only as ADR 012's allow-list says, a feature never imports another feature, only tests
// import the test helpers, and the API and the web app never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/import-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'coverage/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { kiyasla: boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'kiyasla/import-boundaries': 'error',
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The whole catalogue would ride in the shell of every page (ADR 011): import the sections.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kiyasla/contracts/messages',
              message: 'Import the section module (@kiyasla/contracts/messages/<section>) the code reads.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
