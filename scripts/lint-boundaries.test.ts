import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rules of eslint.config.js, run through ESLint's Node API on code that breaks
// them, so a change to the config (a renamed folder, a plugin upgrade) cannot switch the
// check off silently. Imports point at real files: the plugin classifies resolved paths.
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const boundaryRules = new Set(['boundaries/dependencies', 'no-restricted-imports']);

/** Boundary messages for `code` as if it were the file `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId !== null && boundaryRules.has(m.ruleId)).map((m) => m.message);
}

/** A real file of `dir` (relative to the repository), so the test survives renames inside it. */
function someFile(dir: string, pattern: RegExp): string {
  const name = readdirSync(join(root, dir)).find((file) => pattern.test(file) && !file.includes('.test.'));
  if (!name) throw new Error(`No file matching ${pattern} in ${dir}`);
  return name;
}

const setupInternal = someFile('apps/server/src/modules/setup', /\.repository\.ts$/);
const settingsFeature = someFile('apps/web/src/features/settings', /\.tsx$/);
const accountingFeature = someFile('apps/web/src/features/accounting', /\.tsx$/);
const hrInternal = someFile('packages/domain/src/hr', /^(?!hr\.area\.ts$).*\.ts$/);

// The first case loads eslint and the typed config: over 5 s on a loaded 2-core machine.
describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('points at files that exist', () => {
    expect(existsSync(join(root, 'apps/server/src/modules/setup/setup.api.ts'))).toBe(true);
    for (const file of ['apps/server/src/app.ts', 'apps/server/src/bootstrap.ts', 'apps/server/src/demo/seed-demo.ts', 'apps/server/src/app-context.ts']) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    for (const file of ['apps/web/src/app/areas.ts', 'apps/web/src/app/router.tsx', 'apps/web/src/app/screens.tsx', 'apps/web/src/lib/areas/screen-map.ts', 'apps/web/src/features/users/users.area.ts']) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('a server module imports another module only through its <area>.api.ts', async () => {
    const file = 'apps/server/src/modules/auth/boundary-fixture.ts';
    expect(await boundaryErrors(file, `export { x } from '../setup/${setupInternal}';`)).toEqual([
      'A server module imports another module only through its <area>.api.ts',
    ]);
    expect(await boundaryErrors(file, `import type { X } from '../setup/${setupInternal}';\nexport type Y = X;`)).toHaveLength(1);
    expect(await boundaryErrors(file, `export { x } from '../setup/setup.api.ts';`)).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/setup/boundary-fixture.ts', `export { x } from './${setupInternal}';`)).toEqual([]);
  });

  it('the composition roots may wire any module', async () => {
    expect(await boundaryErrors('apps/server/src/app.ts', `export { x } from './modules/setup/${setupInternal}';`)).toEqual([]);
  });

  it('app-context.ts imports no module', async () => {
    expect(await boundaryErrors('apps/server/src/app-context.ts', `export type { ServerArea } from './modules/module.ts';`)).toEqual([
      'app-context.ts imports no module (what it types is declared in lib/)',
    ]);
    expect(await boundaryErrors('apps/server/src/app-context.ts', `export { x } from './modules/setup/setup.api.ts';`)).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/app-context.ts', `export type { ServerArea } from './lib/server-area.ts';`)).toEqual([]);
  });

  it('lib, plugins, db and ledger import no module', async () => {
    for (const layer of ['lib', 'plugins', 'db', 'ledger']) {
      expect(await boundaryErrors(`apps/server/src/${layer}/boundary-fixture.ts`, `export { x } from '../modules/setup/setup.api.ts';`)).toEqual([
        'lib, plugins, db and ledger import no module (they know no business area)',
      ]);
    }
  });

  it('nothing shared and no module imports a composition root (app.ts, start-up, demo/); app-context.ts stays importable', async () => {
    const message = 'Modules, lib, plugins, db and ledger import no composition root (app.ts, start-up, areas, demo/)';
    for (const layer of ['lib', 'plugins', 'db', 'ledger']) {
      const file = `apps/server/src/${layer}/boundary-fixture.ts`;
      expect(await boundaryErrors(file, `export { buildApp } from '../app.ts';`)).toEqual([message]);
      expect(await boundaryErrors(file, `export { seedDemo } from '../demo/seed-demo.ts';`)).toEqual([message]);
      expect(await boundaryErrors(file, `export { bootstrap } from '../bootstrap.ts';`)).toEqual([message]);
      // The app's context (the fastify augmentation app.ctx) is for everyone.
      expect(await boundaryErrors(file, `export type { AppContext } from '../app-context.ts';`)).toEqual([]);
    }
    expect(await boundaryErrors('apps/server/src/modules/auth/boundary-fixture.ts', `export { buildApp } from '../../app.ts';`)).toEqual([message]);
    expect(await boundaryErrors('apps/server/src/demo/boundary-fixture.ts', `export { buildApp } from '../app.ts';`)).toEqual([]);
  });

  it('web features, components and lib import nothing from app/ (app fills lib/areas for them)', async () => {
    const message = 'features, components and lib import nothing from app/ (app fills what they need through lib/)';
    expect(await boundaryErrors('apps/web/src/features/users/boundary-fixture.ts', `export { areaFold } from '../../app/areas.ts';`)).toEqual([message]);
    expect(await boundaryErrors('apps/web/src/features/users/boundary-fixture.ts', `export const load = () => import('../../app/router.tsx');`)).toEqual([message]);
    expect(await boundaryErrors('apps/web/src/components/boundary-fixture.ts', `export { screenOf } from '../app/screens.tsx';`)).toEqual([message]);
    expect(await boundaryErrors('apps/web/src/lib/boundary-fixture.ts', `export { areaFold } from '../app/areas.ts';`)).toEqual([message]);
    expect(await boundaryErrors('apps/web/src/features/users/boundary-fixture.ts', `export { lazyScreen } from '../../lib/areas/screen-map.ts';`)).toEqual([]);
    expect(await boundaryErrors('apps/web/src/app/boundary-fixture.ts', `export { usersArea } from '../features/users/users.area.ts';`)).toEqual([]);
    expect(await boundaryErrors('apps/web/src/main.tsx', `export { areaFold } from './app/areas.ts';`)).toEqual([]);
  });

  it('a web feature does not import another feature, statically or lazily', async () => {
    const file = 'apps/web/src/features/users/boundary-fixture.tsx';
    const message = 'A web feature does not import another feature (share through components/ or lib/)';
    expect(await boundaryErrors(file, `export { x } from '../settings/${settingsFeature}';`)).toEqual([message]);
    expect(await boundaryErrors(file, `export const load = () => import('../accounting/${accountingFeature}');`)).toEqual([message]);
    expect(await boundaryErrors('apps/web/src/features/settings/boundary-fixture.tsx', `export { x } from './${settingsFeature}';`)).toEqual([]);
    expect(await boundaryErrors('apps/web/src/components/boundary-fixture.tsx', `export { x } from '../features/settings/${settingsFeature}';`)).toEqual([
      'components and lib import no feature',
    ]);
  });

  it('a domain area imports another area only through its <area>.area.ts; the shared kernel is for all', async () => {
    expect(existsSync(join(root, 'packages/domain/src/hr/hr.area.ts'))).toBe(true);
    const file = 'packages/domain/src/payroll/boundary-fixture.ts';
    const message = 'A domain area imports another area only through its <area>.area.ts';
    expect(await boundaryErrors(file, `export { x } from '../hr/${hrInternal}';`)).toEqual([message]);
    expect(await boundaryErrors(file, `import type { X } from '../hr/${hrInternal}';\nexport type Y = X;`)).toEqual([message]);
    expect(await boundaryErrors(file, `export { x } from '../hr/hr.area.ts';`)).toEqual([]);
    expect(await boundaryErrors('packages/domain/src/hr/boundary-fixture.ts', `export { x } from './${hrInternal}';`)).toEqual([]);
    for (const shared of ['../resource/declaration.ts', '../document/define-document.ts', '../dates/months.ts', '../money.ts']) {
      expect(await boundaryErrors(file, `export { x } from '${shared}';`), shared).toEqual([]);
    }
    expect(await boundaryErrors('packages/domain/src/payroll/boundary-fixture.ts', `export { x } from '../../../../apps/server/src/app.ts';`)).toEqual([
      'The domain package imports no server or web code',
    ]);
  });

  it('the domain imports no server or web code and nothing that does I/O', async () => {
    const file = 'packages/domain/src/boundary-fixture.ts';
    expect(await boundaryErrors(file, `export { x } from '../../../apps/server/src/app.ts';`)).toEqual(['The domain package imports no server or web code']);
    for (const source of ['node:fs', 'pg', 'fastify', 'drizzle-orm', '@erp/server']) {
      expect(await boundaryErrors(file, `export { x } from '${source}';`)).toHaveLength(1);
    }
    expect(await boundaryErrors(file, `export { z } from 'zod';`)).toEqual([]);
  });
});
