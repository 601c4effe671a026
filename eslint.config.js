// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint-rules/import-boundaries.js';

// bulletproof-react: imports flow shared -> features -> app; a feature never imports another feature.
const featuresDir = 'apps/web/src/features';
const features = readdirSync(path.join(import.meta.dirname, featuresDir), { withFileTypes: true })
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

// ADR 020: routes -> domains/<d>/index.ts -> domains/<d>/* -> db/, kernel/, storage/; plugins -> domains' index.ts,
// kernel/, db/, storage/. Tests (apps/api/test, *.test.ts) and scripts may import anything.
const api = './apps/api/src';
const apiTests = ['./apps/api/src/**/*.test.ts'];
const domains = readdirSync(path.join(import.meta.dirname, api, 'domains'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiBoundaries = [
  {
    target: `${api}/routes`,
    targetExcept: apiTests,
    from: `${api}/domains`,
    except: ['./*/index.ts'],
    message: 'Routes reach a domain only through its index.ts: re-export what the route needs there by name.',
  },
  ...domains.map((domain) => ({
    target: `${api}/domains/${domain}`,
    targetExcept: apiTests,
    from: `${api}/domains`,
    except: [`./${domain}`, './*/index.ts'],
    message: "A domain reaches another domain only through that domain's index.ts: re-export what it needs there by name.",
  })),
  {
    target: `${api}/domains`,
    targetExcept: apiTests,
    from: [`${api}/routes`, `${api}/plugins`],
    message: 'Domains never import routes/ or plugins/: move what both need to kernel/.',
  },
  {
    target: `${api}/plugins`,
    targetExcept: apiTests,
    from: `${api}/domains`,
    except: ['./*/index.ts'],
    message: 'Plugins reach a domain only through its index.ts: re-export what the plugin needs there by name.',
  },
  {
    target: `${api}/plugins`,
    from: `${api}/routes`,
    message: 'Plugins never import routes/.',
  },
  {
    target: [`${api}/app.ts`, `${api}/server.ts`],
    from: `${api}/domains`,
    except: ['./*/index.ts'],
    message: "The app and the server reach a domain only through its index.ts: re-export what they need there by name.",
  },
  {
    target: [`${api}/kernel`, `${api}/db`, `${api}/storage`],
    targetExcept: apiTests,
    from: [`${api}/domains`, `${api}/routes`, `${api}/plugins`],
    message: 'kernel/, db/ and storage/ import no domain, route or plugin: they are the layer below.',
  },
  {
    target: api,
    // server.ts, the entry point, opens the database it hands to the app.
    targetExcept: [...apiTests, `${api}/**/repository.ts`, `${api}/**/repository`, `${api}/db`, `${api}/server.ts`],
    from: [`${api}/db/client.ts`, 'drizzle-orm'],
    allowTypeImports: true,
    message: 'The database and drizzle-orm (sql, eq, ...) are reached only from repository.ts, repository/ or db/: `import type` is fine anywhere.',
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
      'qrib/import-boundaries': ['error', { zones: [...webBoundaries, ...apiBoundaries] }],
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
