import { z } from 'zod';
import type { LayoutRoute } from '../access/routes.ts';
import { messages } from '../messages.ts';
import { fitsIntegerDigits, isDecimalString } from '../money.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from './numeric-input.ts';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'url'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'enum'
  | 'date'
  | 'reference';

export interface EnumValue {
  value: string;
  label: string;
}

/** One field of a resource: its wire name, label, rules, and how lists and forms show it. */
export interface FieldDeclaration {
  /** camelCase key in API rows and forms; the database column is its snake_case. */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Decimal places of a `decimal` field. */
  scale?: number;
  enumValues?: readonly EnumValue[];
  /** For `reference`: the resource whose options the form picks from. */
  reference?: string;
  /**
   * For a `text` field holding another resource's code rather than its id (an exchange rate's
   * `currency`, `USD`): its input and list filter pick from that resource's options, the option's
   * `key` being the value. The resource's own rules check that the code exists.
   */
  picks?: { resource: string; key: string };
  /** Unique across the table (or together with `uniqueWith`), refused with 409. */
  unique?: boolean;
  uniqueWith?: string;
  /**
   * Shown as a list column (default true). `'wide'`: a column only on screens 1600 px and wider,
   * where a list of many columns has the room; exports and the form always carry it.
   */
  list?: boolean | 'wide';
  /** Sortable in lists (default true for listed fields). */
  sortable?: boolean;
  /** Part of the list's free-text search (text-like fields only). */
  searchable?: boolean;
  /** Offered as a list filter (`?<name>=value`). */
  filterable?: boolean;
  /** Shown in the form (default true). */
  form?: boolean;
  /** Default value of a new record's form. */
  defaultValue?: unknown;
  /** Extra rule that cannot be said with the properties above. */
  schema?: z.ZodType;
  /** A second wire name the API also accepts (in bodies and list filters) and answers: a customer's `type`. */
  alias?: string;
  /**
   * For `reference`: which of the resource's options the picker offers, by an option column's
   * values (a customer's salesperson: users of the selling roles, not the auditor).
   */
  optionsWhere?: Readonly<Record<string, readonly string[]>>;
  /**
   * For `reference`: the row belongs to the record it refers to and is deleted with it (an
   * item's tax facts), so it never holds that record's delete back as "in use".
   */
  cascadeDelete?: boolean;
  /** Sorted as the earliest value where empty: an item's undated first tax facts apply "from the beginning". */
  emptyIsEarliest?: boolean;
  /** What a list shows for an empty value, where empty means something ("From the beginning"). */
  emptyLabel?: string;
  /**
   * For a `date` that is an expiry (a licence's, a registration's): the form says "expires in N
   * days" (or "expired") when the date is at most this many days ahead.
   */
  expiryWarningDays?: number;
  /**
   * In a form, the value follows another field's until the user sets it (further tax follows the
   * sale type): `valueOf` that field's value. The server applies the same rule to a body without it.
   */
  follows?: { field: string; valueOf: (value: unknown) => unknown };
  /**
   * Set or changed only by holders of this scope (a customer's credit limit and tax registrations).
   * The form shows the field read-only to others; the lock is the resource's own write hooks, which
   * must refuse others' changes with 403 (no generic code does: an unchanged value may be sent).
   */
  writeScope?: string;
}

/** Whether an option passes a reference field's `optionsWhere`. */
export function offeredBy(field: Pick<FieldDeclaration, 'optionsWhere'>, option: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(field.optionsWhere ?? {}).every(([key, values]) => values.includes(String(option[key])));
}

/**
 * A list filter that is no field's equality: a condition the server's binding defines over the
 * row and the caller (`?belowReorder=true`: items whose stock in the caller's warehouses is
 * under the reorder level). The query string sets it with `true`; the list screen reads it
 * from the address (a dashboard figure's drill-down) and shows it as a tag that clears it.
 */
export interface NamedFilterDeclaration {
  name: string;
  label: string;
}

/**
 * A list filter taking a whole number (`?registrationExpiringWithin=30`): a condition the binding
 * (or the area contributing it) defines over the row, the caller and the number.
 */
export interface NamedValueFilterDeclaration {
  name: string;
  label: string;
  min: number;
  max: number;
}

/** A sum the list answers over every row of its filter (`totals.<name>`), not only the page's: an account's balance. */
export interface ListTotalDeclaration {
  name: string;
  label: string;
  kind: 'balance' | 'decimal';
}

export interface ResourceDeclaration {
  /** API path segment: `/api/<name>`; also the audit log's resource name. */
  name: string;
  /** The screen route; decides who may call the API (spec section 6). */
  route: LayoutRoute;
  /** Singular noun used in messages: "Are you sure you want to delete this region?". */
  singular: string;
  title: string;
  /** The field that options call `name`. */
  nameField: string;
  /**
   * The text fields the options' `search` matches, any of them (default: the name field alone);
   * items: the name and the article number, so a picker finds "ADJ-CBC" as well as "CBC Reagent".
   */
  optionSearch?: readonly string[];
  /**
   * A text field an option's text starts with, where names alone repeat (issue 27: two "Zainab"s):
   * an employee shows as `EMP-0500 Zainab Malik`, a salary component as `HRA House rent allowance`.
   */
  optionCode?: string;
  fields: readonly FieldDeclaration[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * Screens of the resource's own area (besides its own and those that reference it) whose pickers
   * read its options; another area names its screens in its manifest's `optionRoutes`.
   */
  optionsAlsoFor?: readonly LayoutRoute[];
  /**
   * Screens besides `route` whose roles may use the resource's API too (read; writes still need
   * `writeScope`): an item's GTINs are read where goods are scanned, on /purchase-orders and /inventory.
   */
  alsoFor?: readonly LayoutRoute[];
  /**
   * Narrows the rows a user sees by one of their permission lists (PRODUCT.md, principle 6):
   * rows whose `field` is in `permissions[area]`; an empty or absent list means all.
   */
  rowPermission?: { area: string; field: string };
  /** Whether the API offers `/options` (404 otherwise, spec section 7). */
  hasOptions?: boolean;
  /**
   * A scope needed to create, update or delete rows, on top of the route (whose roles may
   * then only read): the price list is read by engineers but written by `price-list:write`.
   */
  writeScope?: string;
  /** Filters by a named condition (the binding's), beyond the fields' equalities. */
  namedFilters?: readonly NamedFilterDeclaration[];
  /**
   * A date field the list's `from` and `to` bound, both days included, as the documents' lists
   * are bounded by their dates (an exchange rate's `rateDate`).
   */
  dateRange?: string;
  /** Sums the list answers over its whole filter, as `totals` (the binding computes each). */
  listTotals?: readonly ListTotalDeclaration[];
}

/** The largest id, reference or whole number a column holds (PostgreSQL integer). */
export const maxInt32 = 2_147_483_647;

/** Dates the application accepts anywhere (fields and query dates): four-digit years in a sane range. */
export const minYear = 1900;
export const maxYear = 2999;

/** No text may hold U+0000: PostgreSQL cannot store it, so it is refused here, naming the field. */
export const noNulPattern = /^[^\u0000]*$/;

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** `YYYY-MM-DD` naming a real day in the years minYear to maxYear. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < minYear || year > maxYear) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/** A calendar date on the wire: `YYYY-MM-DD`, a real day, in the years 1900 to 2999. */
export function dateSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: `${label} must be a real date`,
    })
    .refine((v) => isIsoDate(v), { error: messages.dateOutOfRange(label) });
}

/** An id given as a reference: a positive integer that fits the column. */
export function referenceSchema(label: string) {
  return z
    .number({ error: `${label} is required` })
    .int({ error: `${label} is required` })
    .positive({ error: `${label} is required` })
    .max(maxInt32, { error: messages.wholeNumberTooLarge(label) });
}

/** A decimal with at most `scale` decimals that fits numeric(18, scale). */
export function decimalSchema(label: string, scale = 2) {
  return decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .refine((v) => isDecimalString(v, scale, Number.POSITIVE_INFINITY), { error: `${label} must be a number with at most ${scale} decimals` })
      .refine((v) => fitsIntegerDigits(v), { error: messages.amountTooLarge(label) }),
  );
}

const textKinds: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'email', 'phone', 'url']);

/** The rule of one declared field (also used by document declarations); text never holds U+0000. */
export function fieldSchema(field: FieldDeclaration): z.ZodType {
  const schema = fieldSchemaOf(field);
  if (!textKinds.has(field.kind)) return schema;
  // Custom schemas of text fields too: a URL parser, for one, would let U+0000 through.
  return schema.refine((v) => typeof v !== 'string' || !hasNul(v), { error: messages.nulCharacter(field.label) });
}

function fieldSchemaOf(field: FieldDeclaration): z.ZodType {
  if (field.schema) return field.schema;
  const { label } = field;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'phone': {
      let s = z.string({ error: `${label} is required` }).regex(noNulPattern, { error: messages.nulCharacter(label) }).trim();
      if (field.required) s = s.min(1, { error: `${label} is required` });
      if (field.maxLength) s = s.max(field.maxLength, { error: `${label} must be at most ${field.maxLength} characters` });
      if (field.kind === 'phone') s = s.regex(/^[+()\d\s-]*$/, { error: `${label} may hold digits, spaces, +, - and brackets only` });
      return s;
    }
    case 'email':
      return z.union([z.literal(''), z.email({ error: `${label} must be an email address` }).max(200)]);
    case 'url':
      return z.union([z.literal(''), z.url({ error: `${label} must be a web address` }).max(500)]);
    case 'integer': {
      const min = field.min ?? -maxInt32 - 1;
      const max = field.max ?? maxInt32;
      return wholeNumberInput(
        z
          .number({ error: `${label} must be a whole number` })
          .int({ error: `${label} must be a whole number` })
          .min(min, { error: `${label} must be at least ${min}` })
          .max(max, { error: field.max === undefined ? messages.wholeNumberTooLarge(label) : `${label} must be at most ${max}` }),
      );
    }
    case 'decimal':
      return decimalSchema(label, field.scale ?? 2);
    case 'boolean':
      return z.boolean({ error: `${label} must be yes or no` });
    case 'enum': {
      const values = (field.enumValues ?? []).map((v) => v.value) as [string, ...string[]];
      return z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });
    }
    case 'date':
      return dateSchema(label);
    case 'reference':
      return referenceSchema(label);
  }
}

export function formFields(resource: ResourceDeclaration): FieldDeclaration[] {
  return resource.fields.filter((f) => f.form !== false);
}

/**
 * The create schema, derived from the fields: required fields must be present, others may be
 * null or absent. A required field with a default (an item's storage, every `active`) takes it
 * when absent, as the form would; null is still refused.
 */
/**
 * A body or query with each field's alias read as the field: `{type: 'clinic'}` is
 * `{customerType: 'clinic'}`. Both given alike count once; given apart, the alias stays and is
 * refused as an unknown field.
 */
export function withFieldAliases(resource: ResourceDeclaration, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  let out = input as Record<string, unknown>;
  for (const field of resource.fields) {
    if (!field.alias || !(field.alias in out)) continue;
    const { [field.alias]: value, ...rest } = out;
    if (field.name in rest && rest[field.name] !== value) continue;
    out = { ...rest, [field.name]: value };
  }
  return out;
}

export function createSchemaOf(resource: ResourceDeclaration) {
  return z.strictObject(shapeOf(resource, 'create'));
}

/** The update schema: every field optional (an absent one is left as it is, never defaulted), unknown keys refused. */
export function updateSchemaOf(resource: ResourceDeclaration) {
  return z.strictObject(shapeOf(resource, 'update'));
}

function shapeOf(resource: ResourceDeclaration, write: 'create' | 'update'): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of formFields(resource)) {
    const base = fieldSchema(field);
    // An optional field with a default reads null as that default (its column is NOT NULL):
    // `"notes": null` is no note and `"reorderLevel": null` is 0, not a 500.
    if (!field.required) shape[field.name] = field.defaultValue === undefined || field.defaultValue === null ? base.nullable().optional() : base.nullable().optional().transform((v) => (v === null ? field.defaultValue : v));
    else if (write === 'update') shape[field.name] = base.optional();
    else shape[field.name] = field.defaultValue === undefined ? base : base.optional().transform((v) => (v === undefined ? field.defaultValue : v));
  }
  return shape;
}

export function listedFields(resource: ResourceDeclaration): FieldDeclaration[] {
  return resource.fields.filter((f) => f.list !== false);
}

export function searchableFields(resource: ResourceDeclaration): FieldDeclaration[] {
  return resource.fields.filter((f) => f.searchable);
}

export function sortableFields(resource: ResourceDeclaration): string[] {
  return listedFields(resource)
    .filter((f) => f.sortable !== false)
    .map((f) => f.name);
}

/** List query of every resource: `page`, `pageSize`, `search`, `sort`, `order`, plus filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  search: z.string().regex(noNulPattern, { error: messages.nulCharacter('Search') }).trim().max(200).optional(),
  sort: z.string().regex(noNulPattern, { error: messages.nulCharacter('Sort') }).max(64).optional(),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * Options query: pickers search on the server and get at most `limit` options, sorted by
 * name, plus the ones named in `ids` (the current value), so a picker over 100,000 rows
 * stays as quick as one over ten. `hasMore` tells the picker to search rather than scroll.
 */
export const optionsQuerySchema = z.object({
  search: z.string().regex(noNulPattern, { error: messages.nulCharacter('Search') }).trim().max(200).optional(),
  // 0 asks for the options named in `ids` only.
  limit: z.coerce.number().int().min(0).max(1000).default(100),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: 'ids must be a comma-separated list of ids' })
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.every((id) => id <= maxInt32), { error: messages.wholeNumberTooLarge('ids') })
    .optional(),
});

export type OptionsQuery = z.infer<typeof optionsQuerySchema>;

export interface ListResponse<Row> {
  status: number;
  message: string;
  data: Row[];
  total: number;
  /** The declaration's `listTotals` over the whole filter, decimal strings; absent when it declares none. */
  totals?: Record<string, string>;
}

export interface OptionsResponse<Option> {
  status: number;
  message: string;
  options: Option[];
  /** More options match than were sent: search to narrow them. */
  hasMore: boolean;
}

/** Generic option (spec section 3); resources may add their own keys. */
export interface GenericOption {
  id: number;
  name: string;
  [key: string]: unknown;
}

/** The text an option shows and is found by: its code first when the resource declares one (`optionCode`). */
export function optionTextOf(resource: Pick<ResourceDeclaration, 'optionCode'> | undefined, option: GenericOption): string {
  const name = String(option.name ?? option.id);
  const code = resource?.optionCode ? option[resource.optionCode] : undefined;
  return typeof code === 'string' && code !== '' ? `${code} ${name}` : name;
}
