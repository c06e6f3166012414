// Lint and architecture checks, run by `npm run lint` and `npm test`. Not type-aware on
// purpose: the type-aware presets need a full program per workspace and make lint several
// times slower; `npm run typecheck` already runs the compiler.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import boundaries from 'eslint-plugin-boundaries';
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

/**
 * ESLint's own recommended rules, read from the rules' metadata: the same list as
 * `@eslint/js` `configs.recommended`, which is not installed (ESLint 10 no longer ships it).
 */
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
);

/**
 * The domain's business areas: the folders of packages/domain/src with a manifest
 * `<area>/<area>.area.ts`. The other folders (access, area, document, resource, dates...) are
 * the shared kernel.
 */
const domainSource = join(import.meta.dirname, 'packages/domain/src');
const domainAreas = readdirSync(domainSource, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(domainSource, entry.name, `${entry.name}.area.ts`)))
  .map((entry) => entry.name);

/**
 * The architecture (docs/ARCHITECTURE.md, "Boundaries"). First matching element wins, so the
 * narrow ones come first. Paths are relative to this file.
 */
const elements = [
  { type: 'domain-area', pattern: `packages/domain/src/{${domainAreas.join(',')}}`, capture: ['area'], partialMatch: false },
  { type: 'domain', pattern: 'packages/domain/src', partialMatch: false },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['area'], partialMatch: false },
  // Shared server infrastructure: knows no business area.
  ...['lib', 'plugins', 'db', 'ledger'].map((layer) => ({ type: 'server-shared', pattern: `apps/server/src/${layer}`, partialMatch: false })),
  { type: 'server', pattern: 'apps/server/src', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['area'], partialMatch: false },
  ...['components', 'lib'].map((layer) => ({ type: 'web-shared', pattern: `apps/web/src/${layer}`, partialMatch: false })),
  // The web's composition root: router, layout, providers and the fold of the areas (app/areas.ts).
  { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
  { type: 'web', pattern: 'apps/web/src', partialMatch: false },
];

/**
 * The server's composition roots: they assemble the app, so they may wire any module.
 * `server-root` is the part of them nothing shared may import: the app, its start-up, its list
 * of areas, the demo data. A category of files, not an element: the plugin's elements are
 * folders, and these roots are files beside app-context.ts and config.ts, which plugins and lib
 * may import (app-context.ts declares the `fastify` augmentation `app.ctx`; it imports no module).
 */
const serverRoots = ['apps/server/src/{app,bootstrap,cli,main,index,areas}.ts', 'apps/server/src/demo/**'];
const files = [
  ...serverRoots.map((pattern) => ({ category: 'server-root', pattern })),
  ...[...serverRoots, 'apps/server/src/modules/module.ts'].map((pattern) => ({ category: 'composition-root', pattern })),
];

/**
 * What one server module may import from another: its declared service interface,
 * `modules/<area>/<area>.api.ts` (services taking `(tx, actor, input)`, their types). Everything
 * else in a module is private to it.
 */
const serverModuleApi = '{{ to.element.captured.area }}.api.ts';

const boundaryPolicies = [
  {
    from: { element: { types: ['domain', 'domain-area'] } },
    disallow: { to: { element: { types: ['server*', 'web*'] } } },
    message: 'The domain package imports no server or web code',
  },
  {
    // As server modules: another area's declarations, rules and types through its manifest, which
    // re-exports what the area offers.
    from: { element: { type: 'domain-area' } },
    disallow: {
      to: {
        element: {
          type: 'domain-area',
          captured: { area: '!{{ from.element.captured.area }}' },
          fileInternalPath: '!{{ to.element.captured.area }}.area.ts',
        },
      },
    },
    message: 'A domain area imports another area only through its <area>.area.ts',
  },
  {
    from: { element: { type: 'server-module' } },
    disallow: {
      to: {
        element: {
          type: 'server-module',
          captured: { area: '!{{ from.element.captured.area }}' },
          fileInternalPath: `!${serverModuleApi}`,
        },
      },
    },
    message: 'A server module imports another module only through its <area>.api.ts',
  },
  {
    from: { element: { type: 'server-shared' } },
    disallow: { to: { element: { type: 'server-module' } } },
    message: 'lib, plugins, db and ledger import no module (they know no business area)',
  },
  {
    from: { element: { types: ['server-shared', 'server-module'] } },
    disallow: { to: { file: { categories: 'server-root' } } },
    message: 'Modules, lib, plugins, db and ledger import no composition root (app.ts, start-up, areas, demo/)',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature', captured: { area: '!{{ from.element.captured.area }}' } } } },
    message: 'A web feature does not import another feature (share through components/ or lib/)',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message: 'components and lib import no feature',
  },
  {
    from: { element: { types: ['web-feature', 'web-shared'] } },
    disallow: { to: { element: { type: 'web-app' } } },
    message: 'features, components and lib import nothing from app/ (app fills what they need through lib/)',
  },
  {
    from: { element: { types: ['server*'] } },
    disallow: { to: { element: { types: ['web*'] } } },
    message: 'The server imports no web code',
  },
  {
    from: { element: { types: ['web*'] } },
    disallow: { to: { element: { types: ['server*'] } } },
    message: 'The web app imports no server code (shared rules live in @erp/domain)',
  },
  // Last, so it wins over the module rule above.
  { from: { file: { categories: 'composition-root' } }, allow: { to: { element: { type: 'server-module' } } } },
];

/**
 * app-context.ts types `app.ctx` from lib/ alone: lib imports it, so a module behind it would
 * close a cycle. modules/module.ts sits in the same element as app-context.ts (the server's
 * root folder), so this rule checks internal dependencies too, for that one file.
 */
const appContextPolicies = [
  ...boundaryPolicies,
  {
    from: { file: { path: '**/apps/server/src/app-context.ts' } },
    disallow: { to: { file: { path: '**/apps/server/src/modules/**' } } },
    message: 'app-context.ts imports no module (what it types is declared in lib/)',
  },
];

/** The domain is pure: no I/O, no framework, so both apps and tests can run it anywhere. */
const domainRestrictedImports = {
  patterns: [
    {
      group: ['node:*', 'fs', 'fs/*', 'path', 'child_process', 'net', 'http', 'https', 'os', 'crypto'],
      message: 'The domain package does no I/O: no Node built-ins.',
    },
    {
      group: ['pg', 'pg-*', 'fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'argon2', 'pino'],
      message: 'The domain package does no I/O: no database or server libraries.',
    },
    { group: ['react', 'react-*', 'react/*', 'antd', 'antd/*', '@tanstack/*'], message: 'The domain package renders nothing.' },
    { group: ['@erp/server', '@erp/server/*', '@erp/web', '@erp/web/*'], message: 'The domain package imports no server or web code.' },
  ],
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/.data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/screenshots/**',
    ],
  },
  { files: ['**/*.{js,mjs,cjs,ts,tsx}'], rules: eslintRecommended },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // The compiler reports undefined names with better messages; globals differ per workspace.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Non-null assertions after a check the compiler cannot follow (noUncheckedIndexedAccess) are idiomatic here.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Input validation matches control characters on purpose (a NUL in any text is refused with a 400).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', domainRestrictedImports] },
  },
  {
    // Every form clears a field's error when the field changes (components/form.tsx, issue 27).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/form.tsx', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'antd', importNames: ['Form'], message: "Use Form from components/form.tsx: its errors clear when a field changes." }] }] },
  },
  {
    // A journey's page lives in its worker's kept browser context, cleared between journeys (e2e/tests/fixtures.ts).
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/fixtures.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Take test from './fixtures.ts': it keeps one browser context per worker and clears it between journeys." }] }] },
  },
  {
    files: ['{packages,apps}/*/src/**/*.{ts,tsx}'],
    // Tests wire what they need (a module's test may seed through another module); the
    // boundaries are for the code that ships.
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**', 'apps/web/src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/root-path': import.meta.dirname,
      'boundaries/legacy-templates': false,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }],
    },
  },
  {
    files: ['apps/server/src/app-context.ts'],
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', checkInternals: true, policies: appContextPolicies }] },
  },
);
