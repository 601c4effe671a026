// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint-rules/import-boundaries.js';

// bulletproof-react: imports flow shared -> features -> app; a feature never imports another feature.
const featuresDir = 'apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaries = [
  ...features.map((feature) => ({
    target: `./${featuresDir}/${feature}`,
    from: `./${featuresDir}`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to components/ or lib/.',
  })),
  {
    target: `./${featuresDir}`,
    from: './apps/web/src/app',
    message: 'Features do not import the app layer.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared web code does not import features or the app layer.',
  },
  {
    target: './packages/shared',
    from: ['./apps'],
    message: 'packages/shared is used by the apps, never the other way round.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'playwright-report/**', 'test-results/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { qrib: { rules: { 'import-boundaries': importBoundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'qrib/import-boundaries': ['error', { zones: webBoundaries }],
      'no-duplicate-imports': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Promise rules need type information: each file is checked through the tsconfig that includes it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The barrel would pull every schema (and zod) into whichever chunk imports it: the web app names the module.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@qrib/shared', message: "Import the module itself, e.g. '@qrib/shared/messages': the barrel brings zod into the first load." }] },
      ],
    },
  },
);
