import { dateSchema, type FieldDeclaration, hasNul, isIsoDate, listQuerySchema, maxInt32, messages, type ResourceDeclaration, withFieldAliases } from '@erp/domain';
import { z } from 'zod';
import { type ExportFormat, exportFormatQuery, exportRowCap } from './resource-export.ts';
import { contributedValueFilters } from './resource-fields.ts';
import { type ParsedListQuery, sortKeys } from './resource-query.ts';

/** A value no filter schema accepts: the refusal then names the filter. */
const invalid = Symbol('invalid filter');

/** What a filter's text stands for, by its field's kind (the first of a repeated key); `invalid` when it stands for nothing. */
function coerceFilter(field: FieldDeclaration, value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  const text = String(Array.isArray(value) ? value[0] : value);
  if (hasNul(text)) return invalid;
  switch (field.kind) {
    case 'reference':
    case 'integer':
      return /^-?\d{1,10}$/.test(text) && Math.abs(Number(text)) <= maxInt32 ? Number(text) : invalid;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : invalid;
    case 'enum':
      return field.enumValues?.some((v) => v.value === text) ? text : invalid;
    case 'date':
      return isIsoDate(text) ? text : invalid;
    default:
      return text;
  }
}

/** A filter as the query string carries it, coerced by its field's kind; documented as the value it becomes. */
function filterSchemaOf(field: FieldDeclaration): z.ZodType {
  const error = messages.invalidFilter(field.label);
  const value = (() => {
    switch (field.kind) {
      case 'reference':
      case 'integer':
        return z.int({ error });
      case 'boolean':
        return z.boolean({ error });
      case 'enum':
        return z.enum((field.enumValues ?? []).map((v) => v.value) as [string, ...string[]], { error });
      case 'date':
        return z.string({ error }).meta({ format: 'date' });
      default:
        return z.string({ error });
    }
  })();
  return z.preprocess((raw) => coerceFilter(field, raw), value.optional()).describe(`Filter: ${field.label} equals`);
}

/** A field may be named by its alias (customers' `customerType`): in a body and a filter alike. */
export function withAliases<Schema extends z.ZodType>(declaration: ResourceDeclaration, schema: Schema) {
  return z.preprocess((raw) => withFieldAliases(declaration, raw), schema);
}

/** The list query's keys and the declared filters: the list's query string, and the export's without paging. */
function listQueryObjectOf(declaration: ResourceDeclaration) {
  const filters: Record<string, z.ZodType> = {};
  // Other areas' filters by a value (resource-fields.ts: gs1's `gtin`, the licences' `…ExpiringWithin`).
  for (const [name, filter] of Object.entries(contributedValueFilters(declaration.name))) {
    filters[name] = z.preprocess((raw) => (raw === '' ? undefined : Array.isArray(raw) ? raw[0] : raw), filter.schema.optional()).describe(`Filter: ${filter.description}`);
  }
  for (const field of declaration.fields) if (field.filterable) filters[field.name] = filterSchemaOf(field);
  // The days a date field lies in (`?from=&to=`, both included), as a document list's dates.
  if (declaration.dateRange) {
    const label = declaration.fields.find((f) => f.name === declaration.dateRange)?.label ?? declaration.dateRange;
    for (const [bound, word] of [['from', 'on or after'], ['to', 'on or before']] as const) {
      filters[bound] = z
        .preprocess((raw) => (raw === '' ? undefined : Array.isArray(raw) ? raw[0] : raw), dateSchema(bound === 'from' ? 'From' : 'To').optional())
        .describe(`Filter: ${label} ${word} (YYYY-MM-DD)`);
    }
  }
  for (const named of declaration.namedFilters ?? []) {
    filters[named.name] = z
      .enum(['true'], { error: messages.invalidFilter(named.label) })
      .optional()
      .describe(`Filter: ${named.label} (true)`);
  }
  return listQuerySchema.extend({
    sort: z.enum([...sortKeys(declaration)] as [string, ...string[]], { error: messages.invalidFilter('Sort') }).optional(),
    ...filters,
  });
}

function withFiltersApart(declaration: ResourceDeclaration) {
  const names = declaration.fields.filter((f) => f.filterable).map((f) => f.name);
  const valueFilterNames = Object.keys(contributedValueFilters(declaration.name));
  const namedFilters = (declaration.namedFilters ?? []).map((f) => f.name);
  return (parsed: Record<string, unknown>) => {
    const filters: Record<string, unknown> = {};
    const rest: Record<string, unknown> = { ...parsed };
    for (const name of names) {
      if (rest[name] !== undefined) filters[name] = rest[name];
      delete rest[name];
    }
    const named = namedFilters.filter((name) => rest[name] === 'true');
    for (const name of namedFilters) delete rest[name];
    const values: Record<string, unknown> = {};
    for (const name of valueFilterNames) {
      if (rest[name] !== undefined) values[name] = rest[name];
      delete rest[name];
    }
    const range: { from?: string; to?: string } = {};
    if (declaration.dateRange) {
      for (const bound of ['from', 'to'] as const) {
        if (rest[bound] !== undefined) range[bound] = rest[bound] as string;
        delete rest[bound];
      }
    }
    return { ...rest, filters, named, ...(valueFilterNames.length > 0 ? { values } : {}), ...(declaration.dateRange ? { range } : {}) };
  };
}

/** A resource list's query string (route schema): page, search, sort and the declared filters, set apart under `filters`. */
export function listQuerySchemaOf(declaration: ResourceDeclaration): z.ZodType<ParsedListQuery> {
  return withAliases(declaration, listQueryObjectOf(declaration)).transform(withFiltersApart(declaration)) as unknown as z.ZodType<ParsedListQuery>;
}

/** A resource export's query string: the list's without paging, and the format. */
export function exportQuerySchemaOf(declaration: ResourceDeclaration): z.ZodType<ParsedListQuery & { format: ExportFormat }> {
  return withAliases(declaration, listQueryObjectOf(declaration).omit({ page: true, pageSize: true }).extend(exportFormatQuery.shape))
    .transform((parsed) => ({ page: 1, pageSize: exportRowCap, ...withFiltersApart(declaration)(parsed as Record<string, unknown>) })) as unknown as z.ZodType<
    ParsedListQuery & { format: ExportFormat }
  >;
}
