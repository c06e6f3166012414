import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areas } from '../../areas.ts';
import { foldServerAreas } from '../../modules/module.ts';
import { bindResourceFields, contributedBodyShape, contributedFilterShape, type ResourceFieldsBinding, splitContributed } from './resource-fields.ts';

/** An area adding a field and a whole-number filter to another area's resource, through lib alone (issue 32's extension point). */
const notes: ResourceFieldsBinding = {
  fields: [{ name: 'fixtureNote', label: 'Fixture note', kind: 'text', maxLength: 5 }],
  valueFilters: [{ name: 'noteWithin', label: 'Note within', min: 0, max: 10 }],
  columns: () => ({ fixtureNote: sql`null` }),
  filters: { noteWithin: () => sql`true` },
  write: async () => undefined,
};

describe('fields an area adds to another area\'s resource', () => {
  it('take the body (optional, null clears) and the list query (a whole number within bounds) while bound, and nothing once unbound', () => {
    const restore = bindResourceFields([{ resourceFields: { regions: notes } }]);
    try {
      const body = z.strictObject(contributedBodyShape('regions'));
      expect(body.parse({ fixtureNote: 'ok' })).toEqual({ fixtureNote: 'ok' });
      expect(body.parse({ fixtureNote: null })).toEqual({ fixtureNote: null });
      expect(body.safeParse({ fixtureNote: 'too long' }).success).toBe(false);
      const query = z.object(contributedFilterShape('regions'));
      expect(query.parse({ noteWithin: '7' })).toEqual({ noteWithin: 7 });
      expect(query.safeParse({ noteWithin: '11' }).error?.issues[0]?.message).toBe('Note within must be a whole number from 0 to 10');
      expect(query.safeParse({ noteWithin: 'soon' }).success).toBe(false);
      const { own, given } = splitContributed('regions', { regionName: 'North', fixtureNote: 'x' });
      expect(own).toEqual({ regionName: 'North' });
      expect(given.map((g) => g.values)).toEqual([{ fixtureNote: 'x' }]);
    } finally {
      restore();
    }
    expect(contributedBodyShape('regions')).toEqual({});
  });

  it('refuses, at the fold, fields added to a resource no area serves', () => {
    expect(() => foldServerAreas([...areas, { name: 'fixture-stray', resourceFields: { nothings: notes } }])).toThrow('Area fixture-stray adds fields to nothings, which no area serves as a resource');
  });
});
