import { describe, expect, it } from 'vitest';
import { foldAreas } from '../area/define-area.ts';
import { areas } from '../areas.ts';
import { roles } from './roles.ts';
import { defaultScopesOf, hasScope } from './scopes.ts';

describe("the roles' default scopes, from the areas' manifests", () => {
  it("are what each role held when the table was one list (issue 31 and before), and the GTINs' (issue 32)", () => {
    const held = Object.fromEntries(roles.map((role) => [role, [...defaultScopesOf(role)].sort()]));
    expect(held).toEqual({
      admin: ['*'],
      accountant: ['*:cancel', '*:delete', 'customers:credit-limit', 'customers:tax-facts', 'fbr-submissions:resolve', 'items:tax-facts', 'price-list:write', 'sales-plans:approve'],
      operationManager: [
        'item-gtins:write',
        'items:approve',
        'lots:quarantine',
        'lots:release',
        'price-list:write',
        'recalls:close',
        'recalls:open',
        'recalls:record',
        'stock-adjustments:post',
        'storage-units:write',
        'temperature-excursions:disposition',
        'temperature-readings:write',
      ],
      inventorySupervisor: ['item-gtins:write', 'lots:quarantine', 'recalls:record', 'stock-adjustments:post', 'temperature-readings:write'],
      salesManager: [],
      salesExecutive: [],
      serviceManager: [],
      seniorServiceEngineer: [],
      asm: [],
      serviceEngineer: [],
      auditor: [],
    });
  });

  it('let a grant add to them, never the auditor', () => {
    expect(hasScope('salesManager', [], 'recalls:open')).toBe(false);
    expect(hasScope('salesManager', ['recalls:open'], 'recalls:open')).toBe(true);
    expect(hasScope('operationManager', [], 'recalls:open')).toBe(true);
    expect(hasScope('auditor', ['*'], 'recalls:open')).toBe(false);
  });

  it('refuse a manifest giving a scope no area declares', () => {
    const typo = { name: 'typo', defaultScopes: { salesManager: ['recalls:opne'] } };
    expect(() => foldAreas([...areas, typo])).toThrow('The typo area gives salesManager the scopes recalls:opne, which no area declares');
  });
});
