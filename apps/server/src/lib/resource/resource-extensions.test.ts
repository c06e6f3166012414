import { defineArea, type ResourceDeclaration } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { foldServerAreas } from '../../modules/module.ts';
import type { ResourceBinding } from './resource-binding.ts';
import { extendedBinding } from './resource-extensions.ts';
import { listQuerySchemaOf } from './resource-list-query.ts';

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

describe("another area's additions to a resource (resourceExtensions)", () => {
  it('merge its row and option columns and its value filters into the binding, which its list query reads', () => {
    const extended = extendedBinding(binding, [{ resourceExtensions: { widgets: { rowColumns: { added: sql`2` }, optionColumns: { added: sql`2` }, valueFilters: { colour } } } }]);
    expect(Object.keys(extended.hooks!.rowColumns!)).toEqual(['own', 'added']);
    expect(Object.keys(extended.hooks!.optionColumns!)).toEqual(['added']);
    const query = listQuerySchemaOf(widgets, extended.hooks!.valueFilters);
    expect(query.parse({ colour: 'red', widgetName: 'A' })).toMatchObject({ filters: { widgetName: 'A' }, values: { colour: 'red' } });
    expect(query.safeParse({ colour: 'green' }).error?.issues[0]?.message).toBe('Colour must be red or blue');
    expect(extendedBinding(binding, [{}])).toBe(binding);
  });

  it('refuse a key declared twice, a filter named as a field, and a resource no area serves', () => {
    expect(() => extendedBinding(binding, [{ resourceExtensions: { widgets: { rowColumns: { own: sql`3` } } } }])).toThrow('row column own of widgets is declared twice');
    expect(() => extendedBinding(binding, [{ resourceExtensions: { widgets: { valueFilters: { widgetName: colour } } } }])).toThrow(/filter widgetName/);
    expect(() => foldServerAreas([{ name: 'x', declaration: defineArea({ name: 'x' }), resourceExtensions: { nothing: {} } }])).toThrow('Area x extends nothing, which no area serves as a resource');
  });
});
