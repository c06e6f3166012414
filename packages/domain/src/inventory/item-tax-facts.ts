import { z } from 'zod';
import { compareDecimal } from '../money.ts';
import { dateSchema, decimalSchema, maxInt32, type ResourceDeclaration } from '../resource/declaration.ts';
import { percentageInput } from '../resource/numeric-input.ts';

/** Who may add, change and remove an item's tax facts (admin and accountant by default); /items' other roles and the auditor read them. */
export const itemTaxFactsWriteScope = 'items:tax-facts';

/**
 * The Sales Tax Act's kinds of supply (issue 29, section 2), with FBR's transaction type of each
 * (the digital invoicing's `saleType` is chosen by it).
 */
export const saleTypes = [
  { value: 'standardRate', label: 'Standard rate', fbrTransactionType: 75 },
  { value: 'reducedRate', label: 'Reduced rate (Eighth Schedule)', fbrTransactionType: 24 },
  { value: 'zeroRate', label: 'Zero rate (Fifth Schedule)', fbrTransactionType: 80 },
  { value: 'exempt', label: 'Exempt (Sixth Schedule)', fbrTransactionType: 81 },
  { value: 'thirdSchedule', label: 'Third Schedule (retail price)', fbrTransactionType: 23 },
  { value: 'nonAdjustable', label: 'Non-adjustable', fbrTransactionType: 138 },
] as const;
export type SaleType = (typeof saleTypes)[number]['value'];

/** Sale types that carry no tax: their rate is 0.00 and nothing else. */
const untaxed: ReadonlySet<SaleType> = new Set(['zeroRate', 'exempt']);
/** Sale types whose rate comes from a schedule, named by its number and serial. */
const scheduled: ReadonlySet<SaleType> = new Set(['reducedRate', 'exempt']);

export const itemTaxFactsMessages = {
  hsCode: 'HS code must be 8 digits, as 3822.1900',
  untaxedRate: (saleType: 'zeroRate' | 'exempt') => `The rate of ${saleType === 'exempt' ? 'an exempt' : 'a zero-rated'} supply is 0`,
  rateRequired: 'Rate must be above 0 for this sale type',
  scheduleRequired: 'Schedule number is required for reduced-rate and exempt supplies',
  serialRequired: 'Serial number is required for reduced-rate and exempt supplies',
  retailPriceRequired: 'Retail price must be above 0 for a Third Schedule item',
  furtherTaxAtZero: 'Further tax does not apply to a supply taxed at 0',
  dateRequired: 'Effective from is required: an item has one row from the beginning, the others are dated',
  firstRowUndated: 'The first tax facts of an item apply from the beginning and carry no date',
  firstRowKept: "The first tax facts of an item cannot be deleted: change them instead",
  sameDate: 'This item already has tax facts from this date',
  scope: "Only users allowed to set tax facts (an accountant or an admin) may set an item's tax facts",
  itemKept: "A row's item cannot change: add a row to the other item instead",
  rateChanged: (count: number) => `${count} item${count === 1 ? '' : 's'} given the new rate`,
} as const;

/**
 * An HS code as the tariff writes it, `NNNN.NNNN`, from 8 digits with or without the dot
 * (`38221900` and `3822.1900` alike); null when it is neither.
 */
export function hsCodeOf(value: string): string | null {
  const match = /^(\d{4})\.?(\d{4})$/.exec(value.trim());
  return match ? `${match[1]}.${match[2]}` : null;
}

/** The rate as FBR words it on an invoice: `Exempt`, else the percentage without trailing zeros (`18%`, `5%`, `0%`, `17.5%`). */
export function rateLabelOf(saleType: SaleType, rate: string): string {
  if (saleType === 'exempt') return 'Exempt';
  const [whole, fraction = ''] = rate.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${Number(whole)}${kept ? `.${kept}` : ''}%`;
}

/** Whether further tax (Sec. 3(1A)) applies to a sale type's supplies when the row does not say. */
export function furtherTaxFollows(saleType: SaleType): boolean {
  return saleType === 'standardRate' || saleType === 'reducedRate';
}

/** The facts of one row as its rules see them; the rate and further tax already given their defaults. */
export interface TaxFactsValues {
  saleType: SaleType;
  rate: string;
  sroScheduleNo: string;
  sroItemSerialNo: string;
  retailPrice: string | null;
  furtherTaxApplies: boolean;
}

/** Why a sale type may not carry a rate, if it may not: an untaxed supply is at 0, the others above it. */
export function rateProblem(saleType: SaleType, rate: string): string | undefined {
  const isZero = compareDecimal(rate, '0') === 0;
  if (untaxed.has(saleType) && !isZero) return itemTaxFactsMessages.untaxedRate(saleType as 'zeroRate' | 'exempt');
  if (!untaxed.has(saleType) && isZero) return itemTaxFactsMessages.rateRequired;
  return undefined;
}

/** The rules across a row's fields, field -> message; empty when the row holds. */
export function taxFactsProblems(row: TaxFactsValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const isZero = compareDecimal(row.rate, '0') === 0;
  const rate = rateProblem(row.saleType, row.rate);
  if (rate) problems.rate = rate;
  if (scheduled.has(row.saleType)) {
    if (row.sroScheduleNo.trim() === '') problems.sroScheduleNo = itemTaxFactsMessages.scheduleRequired;
    if (row.sroItemSerialNo.trim() === '') problems.sroItemSerialNo = itemTaxFactsMessages.serialRequired;
  }
  if (row.saleType === 'thirdSchedule' && (row.retailPrice === null || compareDecimal(row.retailPrice, '0') <= 0)) problems.retailPrice = itemTaxFactsMessages.retailPriceRequired;
  if (row.furtherTaxApplies && isZero && !problems.rate) problems.furtherTaxApplies = itemTaxFactsMessages.furtherTaxAtZero;
  return problems;
}

/** What a row holds when a field is not given: the rate by the sale type (the standard rate from the settings), further tax by the sale type. */
export function withTaxFactsDefaults(
  given: { saleType?: SaleType | null; rate?: string | null; sroScheduleNo?: string | null; sroItemSerialNo?: string | null; retailPrice?: string | null; furtherTaxApplies?: boolean | null },
  standardRate: string,
): TaxFactsValues {
  const saleType = given.saleType ?? 'standardRate';
  const rate = given.rate ?? (saleType === 'standardRate' ? standardRate : '0.00');
  return {
    saleType,
    rate,
    sroScheduleNo: given.sroScheduleNo ?? '',
    sroItemSerialNo: given.sroItemSerialNo ?? '',
    retailPrice: given.retailPrice ?? null,
    furtherTaxApplies: given.furtherTaxApplies ?? (furtherTaxFollows(saleType) && compareDecimal(rate, '0') > 0),
  };
}

/** An HS code, or null when left empty (a cleared field). */
const hsCodeSchema = z
  .string({ error: itemTaxFactsMessages.hsCode })
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const code = hsCodeOf(value);
    if (code === null) ctx.addIssue({ code: 'custom', message: itemTaxFactsMessages.hsCode });
    return code ?? value;
  });

/** A decimal the percentage rule reads, kept as the string the column stores. */
const rateSchema = percentageInput('Rate');

const saleTypeSchema = z.enum(saleTypes.map((t) => t.value) as [SaleType, ...SaleType[]], { error: `Sale type must be one of ${saleTypes.map((t) => t.value).join(', ')}` });
const scheduleNoSchema = z.string().trim().max(100, { error: 'Schedule no. must be at most 100 characters' });
const serialNoSchema = z.string().trim().max(20, { error: 'Serial no. must be at most 20 characters' });

const retailPriceSchema = decimalSchema('Retail price', 2).refine((v) => !v.startsWith('-'), { error: 'Retail price must not be negative' });

/**
 * An item's sales tax facts from a date (issue 29, section 2): what the Sales Tax Act says of
 * it (HS code, FBR's unit, the kind of supply, its rate, schedule and serial, the retail price
 * of a Third Schedule good), so that a Finance Act's change from 1 July taxes invoices of 1 July
 * and not those of 30 June. Each item has a first row with no date ("from the beginning"); the
 * row in force on a date is the latest dated one on or before it, else the first.
 */
export const itemTaxFacts = {
  name: 'item-tax-facts',
  route: '/items',
  singular: 'tax facts row',
  title: 'Item Tax Facts',
  nameField: 'hsCode',
  hasOptions: false,
  defaultSort: { field: 'effectiveFrom', order: 'desc' },
  writeScope: itemTaxFactsWriteScope,
  fields: [
    { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true, filterable: true, cascadeDelete: true },
    { name: 'effectiveFrom', label: 'Effective from', kind: 'date', filterable: true, emptyIsEarliest: true, emptyLabel: 'From the beginning' },
    { name: 'hsCode', label: 'HS code', kind: 'text', maxLength: 9, searchable: true, schema: hsCodeSchema },
    { name: 'fbrUom', label: 'FBR unit', kind: 'text', maxLength: 100, list: 'wide' },
    { name: 'saleType', label: 'Sale type', kind: 'enum', enumValues: saleTypes, filterable: true, defaultValue: 'standardRate' },
    { name: 'rate', label: 'Rate %', kind: 'decimal', scale: 2, schema: rateSchema },
    { name: 'sroScheduleNo', label: 'Schedule no.', kind: 'text', maxLength: 100, list: 'wide', defaultValue: '' },
    { name: 'sroItemSerialNo', label: 'Serial no.', kind: 'text', maxLength: 20, list: 'wide', defaultValue: '' },
    { name: 'retailPrice', label: 'Retail price', kind: 'decimal', scale: 2, schema: retailPriceSchema, list: 'wide' },
    {
      name: 'furtherTaxApplies',
      label: 'Further tax applies',
      kind: 'boolean',
      follows: { field: 'saleType', valueOf: (saleType) => furtherTaxFollows((saleType ?? 'standardRate') as SaleType) },
    },
  ],
} as const satisfies ResourceDeclaration;

/** An item's first tax facts given with the item (`POST /api/items` `taxFacts`): a row's fields but its item and date. */
export const firstTaxFactsSchema = z
  .object(
    {
    hsCode: hsCodeSchema.nullable().optional(),
    fbrUom: z.string().trim().max(100, { error: 'FBR unit must be at most 100 characters' }).nullable().optional(),
    saleType: saleTypeSchema.optional(),
    rate: rateSchema.nullable().optional(),
    sroScheduleNo: scheduleNoSchema.optional(),
    sroItemSerialNo: serialNoSchema.optional(),
    retailPrice: retailPriceSchema.nullable().optional(),
    furtherTaxApplies: z.boolean({ error: 'Further tax applies must be yes or no' }).optional(),
    },
    { error: 'Tax facts must be an object of the item\'s first tax facts' },
  )
  .strict();

/** `POST /api/item-tax-facts/rate-change`: a Finance Act's new rate for every item of a sale type at the old rate, from a date. */
export const taxRateChangeSchema = z
  .object({
    effectiveFrom: dateSchema('Effective from'),
    saleType: saleTypeSchema,
    fromRate: rateSchema,
    toRate: rateSchema,
    sroScheduleNo: scheduleNoSchema.optional(),
    sroItemSerialNo: serialNoSchema.optional(),
    itemIds: z
      .array(z.number({ error: 'Items must be a list of item ids' }).int({ error: 'Items must be a list of item ids' }).positive({ error: 'Items must be a list of item ids' }).max(maxInt32, { error: 'Items must be a list of item ids' }), {
        error: 'Items must be a list of item ids',
      })
      .max(10_000, { error: 'At most 10,000 items at once' })
      .optional(),
  })
  .strict();

/** A row's facts as an item answers them (`taxFacts`: the row in force today). */
export interface ItemTaxFactsRow extends TaxFactsValues {
  id: number;
  itemId: number;
  effectiveFrom: string | null;
  hsCode: string | null;
  fbrUom: string | null;
  rateLabel: string;
}
