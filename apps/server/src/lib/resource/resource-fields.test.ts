import { defineArea, type ResourceDeclaration } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areas } from '../../areas.ts';
import { foldServerAreas } from '../../modules/module.ts';
import type { ResourceBinding } from './resource-binding.ts';
import { bindResourceFields, checkContributions, contributedBodyShape, contributedColumns, contributedOptionColumns, type ResourceFieldsBinding, splitContributed, wholeNumberFilter } from './resource-fields.ts';
import { listQuerySchemaOf } from './resource-list-query.ts';

/** An area adding a field and a whole-number filter to another area's resource, through lib alone (issue 32's extension point). */
const notes: ResourceFieldsBinding = {
  fields: [{ name: 'fixtureNote', label: 'Fixture note', kind: 'text', maxLength: 5 }],
  columns: () => ({ fixtureNote: sql`null` }),
  valueFilters: { noteWithin: wholeNumberFilter({ name: 'noteWithin', label: 'Note within', min: 0, max: 10 }, () => sql`true`) },
  write: async () => undefined,
};

const widgets = {
  name: 'widgets',
  route: '/items',
  singular: 'widget',
  title: 'Widgets',
  nameField: 'widgetName',
  defaultSort: { field: 'widgetName', order: 'asc' },
  fields: [{ name: 'widgetName', label: 'Widget', kind: 'text', required: true, filterable: true }],
} as const satisfies ResourceDeclaration;
const table = pgTable('widgets', { id: integer('id').primaryKey(), widgetName: text('widget_name').notNull() });
const binding: ResourceBinding = { declaration: widgets, table, hooks: { rowColumns: { own: sql`1` } } };
const colour = { description: 'Colour', schema: z.enum(['red', 'blue'], { error: 'Colour must be red or blue' }), condition: (value: unknown) => sql`colour = ${String(value)}` };

/** `check` with `added` bound to widgets, the bindings before restored after. */
function whileBound<T>(added: readonly ResourceFieldsBinding[], check: () => T): T {
  const restore = bindResourceFields(added.map((widgetsAdded) => ({ resourceFields: { widgets: widgetsAdded } })));
  try {
    return check();
  } finally {
    restore();
  }
}

describe("what an area adds to another area's resource (resourceFields)", () => {
  it('take the body (optional, null clears) and the list query (a whole number within bounds) while bound, and nothing once unbound', () => {
    const restore = bindResourceFields([{ resourceFields: { regions: notes } }]);
    try {
      const body = z.strictObject(contributedBodyShape('regions'));
      expect(body.parse({ fixtureNote: 'ok' })).toEqual({ fixtureNote: 'ok' });
      expect(body.parse({ fixtureNote: null })).toEqual({ fixtureNote: null });
      expect(body.safeParse({ fixtureNote: 'too long' }).success).toBe(false);
      const query = listQuerySchemaOf({ ...widgets, name: 'regions' });
      expect(query.parse({ noteWithin: '7' })).toMatchObject({ values: { noteWithin: 7 } });
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

  it('add row and option columns and value filters, which the list query reads; writable fields only when given', () => {
    whileBound([{ columns: () => ({ added: sql`2` }), optionColumns: () => ({ added: sql`2` }), valueFilters: { colour } }], () => {
      checkContributions(binding, table.id);
      expect(Object.keys(contributedColumns('widgets', table.id))).toEqual(['added']);
      expect(Object.keys(contributedOptionColumns('widgets', table.id))).toEqual(['added']);
      const query = listQuerySchemaOf(widgets);
      expect(query.parse({ colour: 'red', widgetName: 'A' })).toMatchObject({ filters: { widgetName: 'A' }, values: { colour: 'red' } });
      expect(query.safeParse({ colour: 'green' }).error?.issues[0]?.message).toBe('Colour must be red or blue');
      expect(splitContributed('widgets', { widgetName: 'A' })).toEqual({ own: { widgetName: 'A' }, given: [] });
    });
    expect(listQuerySchemaOf(widgets).parse({ colour: 'red' })).not.toHaveProperty('values');
  });

  it('refuse a key declared twice, a filter named as a field, and a resource no area serves', () => {
    expect(() => whileBound([{ columns: () => ({ own: sql`3` }) }], () => checkContributions(binding, table.id))).toThrow('row column own of widgets is declared twice');
    expect(() => whileBound([{ valueFilters: { colour } }, { valueFilters: { colour } }], () => checkContributions(binding, table.id))).toThrow('filter colour of widgets is declared twice');
    expect(() => whileBound([{ valueFilters: { widgetName: colour } }], () => checkContributions(binding, table.id))).toThrow(/filter widgetName/);
    expect(() => foldServerAreas([{ name: 'x', declaration: defineArea({ name: 'x' }), resourceFields: { nothing: {} } }])).toThrow('Area x adds fields to nothing, which no area serves as a resource');
    expect(() => foldServerAreas([...areas, { name: 'fixture-stray', resourceFields: { nothings: notes } }])).toThrow('Area fixture-stray adds fields to nothings, which no area serves as a resource');
  });
});
