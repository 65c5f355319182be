// One lint config for the whole repository, including the import boundaries of
// CONVENTIONS.md: shared web code (components/ui, lib) never imports features or routes,
// features never import routes or other features, and the API's modules stay separate
// from the web app (and vice versa).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

const webFeatures = fs.existsSync('apps/web/app/features')
  ? fs.readdirSync('apps/web/app/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/app/features/${feature}`,
  from: './apps/web/app/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature; compose them in a route module.',
}));

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
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/web/app/components', './apps/web/app/lib'],
              from: ['./apps/web/app/features', './apps/web/app/routes'],
              message: 'Shared code (components, lib) must not depend on features or routes.',
            },
            {
              target: './apps/web/app/features',
              from: './apps/web/app/routes',
              message: 'Features must not import route modules.',
            },
            ...featureZones,
            { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
            { target: './apps/api', from: './apps/web/app', message: 'The API must not import web code.' },
            {
              target: './packages/contracts',
              from: './apps',
              message: 'Contracts are the shared base; they depend on nothing in apps/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
