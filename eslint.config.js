import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** The files under a folder, its subfolders' too, as paths relative to it. */
const filesUnder = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath.slice(new URL(path, import.meta.url).pathname.length)}/${entry.name}`)
    .map((name) => name.replace(/^\/+/, ''));

const webFeatures = dirs('./apps/web/src/features');
const serverModules = dirs('./apps/server/src/modules');
/** Modules made of parts in subfolders (promotions: engine/, bonus/, rewards/; decision 042). */
const serverModuleParts = serverModules.flatMap((module) =>
  dirs(`./apps/server/src/modules/${module}`).map((part) => ({ module, part })),
);
/** What a module (or a module's part) exports: its services, and its ledger checks. */
const exported = (folder, pattern = /\.(service|check)\.ts$/) =>
  filesUnder(folder)
    .filter((name) => pattern.test(name))
    .map((name) => `./${name}`);

/**
 * Boundaries of the house style, as lint errors:
 * - web: shared code (components, lib) never imports features or the app; a feature never
 *   imports another feature;
 * - server: a module reaches another only through its exported services; product code never
 *   imports the sandbox (only app.ts wires it in);
 * - process.env is read only in apps/server/src/config.ts;
 * - source code never imports test code.
 */
const boundaryZones = [
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code must not depend on features or the app.',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature; move shared code to components/ or lib/.',
  })),
  // A module reaches another only through its exported services (and its ledger checks, which
  // tests and npm run ledger:check run): never its repository, tables or inner files.
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./apps/server/src/modules/${module}`,
        from: `./apps/server/src/modules/${other}`,
        except: exported(`./apps/server/src/modules/${other}`),
        message: "Call the other module's exported service, never its repository, tables or inner files.",
      })),
  ),
  {
    target: ['./apps/server/src/platform', './apps/server/src/adapters'],
    from: './apps/server/src/modules',
    except: serverModules.flatMap((module) =>
      filesUnder(`./apps/server/src/modules/${module}`)
        .filter((name) => name.endsWith('.tables.ts'))
        .map((name) => `./${module}/${name}`),
    ),
    message: 'Platform and adapters must not depend on the modules (db/schema.ts lists their tables).',
  },
];

/**
 * The parts of a module in subfolders reach one another only through a part's services (and
 * checks), as modules do; a test may also read another part's tables to see what was recorded.
 */
const partZones = (forTests) =>
  serverModuleParts.flatMap(({ module, part }) =>
    serverModuleParts
      .filter((other) => other.module === module && other.part !== part)
      .map((other) => ({
        target: `./apps/server/src/modules/${module}/${part}`,
        from: `./apps/server/src/modules/${module}/${other.part}`,
        except: exported(
          `./apps/server/src/modules/${module}/${other.part}`,
          forTests ? /\.(service|check|tables)\.ts$/ : undefined,
        ),
        message: `Call ${module}/${other.part} through its exported service, never its repository, tables or inner files.`,
      })),
  );

const testCodePattern = {
  group: ['**/test/**', '*.test', '*.test.*'],
  message: 'Source code must not import test code.',
};
const sandboxPattern = {
  group: ['**/sandbox/**', '**/sandbox'],
  message: 'Product code must not import the sandbox; app.ts alone wires it in (sandbox mode only).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/db/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...partZones(false)] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in apps/server/src/config.ts only.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/server/src/config.ts', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.{ts,js}'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testCodePattern] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // NOTE: app.ts and the ledger:check command are the composition roots that may wire it in.
    ignores: [
      '**/*.test.ts',
      'apps/server/src/app.ts',
      'apps/server/src/ledger-check.ts',
      'apps/server/src/sandbox/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [testCodePattern, sandboxPattern] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...partZones(true)] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'apps/*/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
