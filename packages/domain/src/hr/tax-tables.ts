import { z } from 'zod';
import { dateSchema, decimalSchema, noNulPattern, type ResourceDeclaration } from '../resource/declaration.ts';

const countrySchema = z
  .string({ error: 'Country is required' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter code such as PK' }));

/**
 * An income tax table (issue 20, section 2), held as data: a country's annual slabs from a date
 * (income-tax.ts computes with them). Slabs are written through the resource's own create and
 * update (taxTableInputSchema) and answered as `slabs` on each row.
 */
export const taxTables = {
  name: 'tax-tables',
  route: '/employees',
  singular: 'tax table',
  title: 'Tax tables',
  nameField: 'tableName',
  hasOptions: false,
  defaultSort: { field: 'effectiveFrom', order: 'desc' },
  fields: [
    { name: 'country', label: 'Country', kind: 'text', required: true, maxLength: 2, schema: countrySchema, filterable: true, unique: true, uniqueWith: 'effectiveFrom' },
    { name: 'effectiveFrom', label: 'Effective from', kind: 'date', required: true },
    { name: 'tableName', label: 'Name', kind: 'text', maxLength: 100, defaultValue: '', searchable: true },
  ],
} as const satisfies ResourceDeclaration;

const amount = (label: string) => decimalSchema(label, 2).refine((v) => !String(v).trim().startsWith('-'), { error: `${label} cannot be negative` });

export const taxSlabSchema = z.strictObject({
  from: amount('From'),
  to: amount('To').nullable().optional(),
  fixed: amount('Fixed'),
  rate: decimalSchema('Rate', 4).refine((v) => Number(v) >= 0 && Number(v) <= 100, { error: 'Rate must be a percentage from 0 to 100' }),
});

export const taxTableInputSchema = z.strictObject({
  country: countrySchema,
  effectiveFrom: dateSchema('Effective from'),
  tableName: z.string().trim().max(100).regex(noNulPattern).optional(),
  slabs: z.array(taxSlabSchema).min(1, { error: 'A tax table needs at least one slab' }).max(30),
});

/** An update: the fields sent change; `slabs`, when sent, replace the slabs. */
export const taxTableUpdateSchema = z.strictObject({
  country: countrySchema.optional(),
  effectiveFrom: dateSchema('Effective from').optional(),
  tableName: taxTableInputSchema.shape.tableName,
  slabs: taxTableInputSchema.shape.slabs.optional(),
});

export type TaxTableUpdate = z.output<typeof taxTableUpdateSchema>;
export type TaxTableInput = z.output<typeof taxTableInputSchema>;
