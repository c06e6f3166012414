import { describe, expect, it } from 'vitest';
import { areas, areasFold, importKinds, knownScopes, postingAccountKeys } from '../areas.ts';
import { contributedFieldsOf, contributedFiltersOf, resourceByName, resources, withContributedFields } from '../resource/registry.ts';
import { defineArea, foldAreas, generalScopes } from './define-area.ts';

describe('the fold of the areas', () => {
  it('lists every grantable scope once: areas first, the general ones last', () => {
    for (const scope of ['items:approve', 'purchase-orders:approve', 'credit-limit:override', 'receipts:cancel', 'depreciation-runs:cancel', 'price-list:write']) {
      expect(knownScopes).toContain(scope);
    }
    expect(new Set(knownScopes).size).toBe(knownScopes.length);
    expect(knownScopes.slice(-2)).toEqual([...generalScopes]);
  });

  it('gives each posting key a default account, in the chart order', () => {
    expect(postingAccountKeys).toHaveLength(37);
    const codes = areasFold.postingAccounts.map((p) => p.account.accountCode);
    expect(codes).toEqual([...codes].sort());
    const keyed = areasFold.chart.accounts.filter((a) => a.postingKey);
    expect(keyed.map((a) => a.postingKey).sort()).toEqual(postingAccountKeys.map((k) => k.key).sort());
    expect(areasFold.chart.accounts).toHaveLength(48);
  });

  it('places every default account under a head and sub-head of the chart', () => {
    for (const account of areasFold.chart.accounts) {
      const head = areasFold.chart.heads.find((h) => h.headName === account.head);
      expect(head?.subHeads, account.accountCode).toContain(account.subHead);
    }
  });

  it('names every import kind once, from the area whose screen offers it', () => {
    expect([...importKinds].sort()).toEqual(['bank-statement', 'exchange-rates', 'items', 'opening-stock', 'pay-inputs', 'temperature-readings', 'vendors']);
    expect(() => foldAreas([...areas, defineArea({ name: 'again', imports: ['items'] })])).toThrow(/import kind/);
  });

  it('folds every resource of every area', () => {
    expect(resources.map((r) => r.name).sort()).toEqual(areas.flatMap((a) => ('resources' in a ? a.resources.map((r) => r.name) : [])).sort());
  });

  it('takes one more area with its own scope, posting key, account and sub-head', () => {
    const extra = defineArea({
      name: 'extra',
      scopes: ['extras:approve'],
      postingAccounts: [{ key: 'extras', label: 'Extras', account: { accountCode: '6900', accountName: 'Extras', head: 'Expenses', subHead: 'Extra costs', kind: 'expense' } }],
    });
    const fold = foldAreas([...areas, extra]);
    expect(fold.scopes).toContain('extras:approve');
    expect(fold.postingAccounts.map((p) => p.key)).toContain('extras');
    expect(fold.chart.heads.find((h) => h.headName === 'Expenses')?.subHeads).toContain('Extra costs');
  });

  it('refuses two areas declaring one posting key or resource', () => {
    const twice = defineArea({ name: 'twice', postingAccounts: [areasFold.postingAccounts[0]!] });
    expect(() => foldAreas([...areas, twice])).toThrow(/posting key/);
    expect(() => foldAreas([...areas, defineArea({ name: 'copy', resources: [resources[0]!] })])).toThrow(/resource/);
  });
});

describe('fields an area adds to another area\'s resource (issue 32)', () => {
  it('folds the licences area\'s fields onto vendors, items and customers, after their own', () => {
    expect(contributedFieldsOf('items').map((f) => f.name)).toEqual(['drapClass', 'registrationKind', 'registrationNumber', 'registrationExpiry']);
    expect(contributedFiltersOf('customers').map((f) => f.name)).toEqual(['licenceExpiringWithin']);
    const items = resourceByName('items')!;
    expect(withContributedFields(items).fields.slice(-4).map((f) => f.name)).toEqual(['drapClass', 'registrationKind', 'registrationNumber', 'registrationExpiry']);
    expect(withContributedFields(items)).toBe(withContributedFields(items));
    expect(items.fields.some((f) => f.name === 'drapClass')).toBe(false);
  });

  it('refuses a field the resource already has, and a resource no area declares', () => {
    const again = defineArea({ name: 'again', resourceFields: { items: { fields: [{ name: 'itemName', label: 'Again', kind: 'text' }] } } });
    expect(() => foldAreas([...areas, again])).toThrow(/field of items/);
    expect(() => foldAreas([...areas, defineArea({ name: 'lost', resourceFields: { nothing: { fields: [] } } })])).toThrow(/no area declares/);
  });
});

describe('option routes declared by the areas', () => {
  it('let the screens of one area read the options of another', async () => {
    const { optionsRoutesOf, resourceByName } = await import('../resource/registry.ts');
    expect(optionsRoutesOf(resourceByName('regions')!)).toEqual(expect.arrayContaining(['/employees', '/customers', '/assets', '/accounts']));
    expect(optionsRoutesOf(resourceByName('accounts')!)).toEqual(expect.arrayContaining(['/receipts', '/payments', '/cheques', '/settings']));
  });
});
