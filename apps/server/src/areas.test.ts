import { areasFold, importKinds, knownScopes, postingAccountKeys, resources } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { areas } from './areas.ts';
import { foldServerAreas } from './modules/module.ts';

/** The server's list of areas and the domain's fold the same declarations: neither can forget one. */
describe('areas.ts on both sides', () => {
  const fold = foldServerAreas(areas);

  it('knows the same scopes and posting keys', () => {
    expect(fold.scopes).toEqual(knownScopes);
    expect(fold.postingAccounts.map((p) => p.key)).toEqual(postingAccountKeys.map((k) => k.key));
    expect(fold.chart).toEqual(areasFold.chart);
  });

  it('serves every declared resource, document and import kind, each once', () => {
    expect(fold.resourceBindings.map((b) => b.declaration.name).sort()).toEqual(resources.map((r) => r.name).sort());
    expect(fold.documentBindings.map((b) => b.definition.name).sort()).toEqual(areasFold.documents.map((d) => d.name).sort());
    expect(areas.flatMap((a) => a.imports ?? []).map((kind) => kind.name).sort()).toEqual([...importKinds].sort());
  });

  it('refuses a manifest serving what its declaration does not declare, or from another area\'s table', () => {
    const [setup, accounting] = [areas.find((a) => a.name === 'setup')!, areas.find((a) => a.name === 'accounting')!];
    expect(() => foldServerAreas([{ ...setup, resources: [...(setup.resources ?? []), ...(accounting.resources ?? [])] }])).toThrow(/does not declare/);
    expect(() => foldServerAreas([{ ...accounting, tables: {} }])).toThrow(/not one of its tables/);
  });
});
