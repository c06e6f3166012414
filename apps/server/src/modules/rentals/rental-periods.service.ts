import {
  addMonths,
  agreementMonths,
  commitmentFor,
  downDaysIn,
  lastDayOf,
  monthOf,
  type PeriodRow,
  type RentalPeriodStatus,
  type RentalPeriodView,
  settlePeriods,
  termEndOf,
  testsAmount,
  type SettlementPeriod,
  type ShortfallMode,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, queryRows } from '../../db/client.ts';
import { eligibleItemSql } from './rental-agreements.queries.ts';

/** What the months of an agreement are computed from, read for many agreements at once (the month-end run's chunk). */
export interface AgreementTerms {
  id: number;
  documentNumber: string | null;
  status: string;
  customerId: number;
  regionId: number;
  startDate: string;
  termMonths: number;
  billingModel: 'minimumPurchase' | 'perTest';
  monthlyCommitment: string;
  shortfallMode: ShortfallMode;
  settlementPeriod: SettlementPeriod;
  pricePerTest: string | null;
  uptimePercent: string;
  downtimeWaiver: boolean;
  endDate: string | null;
  /** The first posted placement's date: use, and the commitment, start on it. */
  placementDate: string | null;
}

interface AgreementFacts {
  terms: AgreementTerms;
  downs: Array<{ downFrom: string; downTo: string }>;
  eligible: Map<string, string>;
  readings: Array<{ date: string; reading: number }>;
  stored: Map<string, { invoiceId: number | null; invoiceStatus: string | null; invoiceNumber: string | null }>;
}

const num = (v: unknown) => Number(v);

interface FactsRow {
  terms: AgreementTerms[] | string | null;
  downs: Array<[number, string, string]> | string | null;
  eligible: Array<[number, string, string]> | string | null;
  readings: Array<[number, string, number]> | string | null;
  stored: Array<[number, string, number | null, string | null, string | null]> | string | null;
}

/**
 * Everything the months of `ids` need, through `through` (`YYYY-MM`), in one statement whatever
 * the number of agreements (the grid's one agreement, the month-end run's chunk): the terms, the
 * days down, the eligible sales by month, the meter readings and the months already settled, each
 * aggregated as JSON (amounts as text: exact). `from` (`YYYY-MM`): no eligible sales before it
 * are read (the month-end run needs only its month's settlement period, at most 12 months).
 */
export async function readAgreementFacts(executor: Executor, ids: readonly number[], through: string, from?: string): Promise<Map<number, AgreementFacts>> {
  const facts = new Map<number, AgreementFacts>();
  if (ids.length === 0) return facts;
  const idArray = intArray([...ids]);
  const throughDay = lastDayOf(through);
  const since = from ? sql` AND s.month >= ${`${from}-01`}::date` : sql``;
  const [row] = await queryRows<FactsRow>(
    executor,
    sql`SELECT
          (SELECT json_agg(json_build_object('id', a.id, 'documentNumber', a.document_number, 'status', a.status, 'customerId', a.customer_id, 'regionId', a.region_id,
                   'startDate', a.document_date::text, 'termMonths', a.term_months, 'billingModel', a.billing_model, 'monthlyCommitment', a.monthly_commitment::text,
                   'shortfallMode', a.shortfall_mode, 'settlementPeriod', a.settlement_period, 'pricePerTest', a.price_per_test::text, 'uptimePercent', a.uptime_percent::text,
                   'downtimeWaiver', a.downtime_waiver, 'endDate', a.end_date::text,
                   'placementDate', (SELECT min(p.document_date)::text FROM placements p WHERE p.rental_agreement_id = a.id AND p.status = 'posted')) ORDER BY a.id)
             FROM rental_agreements a WHERE a.id = ANY(${idArray})) AS terms,
          (SELECT json_agg(json_build_array(v.rental_agreement_id, v.down_from::text, v.down_to::text)) FROM service_visits v
             WHERE v.rental_agreement_id = ANY(${idArray}) AND v.status = 'posted' AND v.down_from IS NOT NULL AND v.down_from <= ${throughDay}::date) AS downs,
          -- Posted sales of eligible items to the customer less its returns, each in its own month, before
          -- tax: the monthly sales summary (net of returns), not the invoice lines. No lists: every item.
          (SELECT json_agg(json_build_array(e.id, e.month, e.value)) FROM (
             SELECT a.id, to_char(s.month, 'YYYY-MM') AS month, sum(s.value)::text AS value
             FROM rental_agreements a JOIN sales_summary s ON s.customer_id = a.customer_id
              AND s.month >= date_trunc('month', a.document_date) AND s.month <= ${`${through}-01`}::date${since}
             WHERE a.id = ANY(${idArray}) AND a.billing_model = 'minimumPurchase'
               AND ${eligibleItemSql('a', sql`s.item_id`)}
             GROUP BY a.id, s.month) e) AS eligible,
          (SELECT json_agg(json_build_array(r.rental_agreement_id, r.reading_date::text, r.reading) ORDER BY r.reading_date) FROM meter_readings r
             WHERE r.rental_agreement_id = ANY(${idArray}) AND r.reading_date <= ${throughDay}::date) AS readings,
          (SELECT json_agg(json_build_array(p.rental_agreement_id, to_char(p.month, 'YYYY-MM'), p.invoice_id, i.status, i.document_number))
             FROM rental_periods p LEFT JOIN invoices i ON i.id = p.invoice_id WHERE p.rental_agreement_id = ANY(${idArray})) AS stored`,
  );
  const list = <T>(value: T[] | string | null | undefined): T[] => jsonValue<T[] | null>(value ?? null) ?? [];
  for (const t of list(row!.terms)) {
    const id = num(t.id);
    facts.set(id, { terms: { ...t, id, customerId: num(t.customerId), regionId: num(t.regionId), termMonths: num(t.termMonths) }, downs: [], eligible: new Map(), readings: [], stored: new Map() });
  }
  for (const [id, downFrom, downTo] of list(row!.downs)) facts.get(num(id))?.downs.push({ downFrom, downTo });
  for (const [id, month, value] of list(row!.eligible)) facts.get(num(id))?.eligible.set(month, value);
  for (const [id, date, reading] of list(row!.readings)) facts.get(num(id))?.readings.push({ date, reading: num(reading) });
  for (const [id, month, invoiceId, invoiceStatus, invoiceNumber] of list(row!.stored)) facts.get(num(id))?.stored.set(month, { invoiceId: invoiceId === null ? null : num(invoiceId), invoiceStatus, invoiceNumber });
  return facts;
}

/** Tests of a month: the counter's rise from the last reading before it (or its first reading) to the last in it. */
export function testsIn(month: string, readings: ReadonlyArray<{ date: string; reading: number }>): number {
  const first = `${month}-01`;
  const before = readings.filter((r) => r.date < first).at(-1);
  const within = readings.filter((r) => monthOf(r.date) === month);
  if (within.length === 0) return 0;
  const base = before ?? within[0]!;
  return Math.max(0, within.at(-1)!.reading - base.reading);
}

/**
 * The months of one agreement from its placement's month through `through` (or its end),
 * commitment prorated and waived, eligible, carry and shortfall per settlement period, with the
 * invoice the month-end run raised. `lastEnded`: the last month that has ended (later ones are `current`).
 * `from`: months before it are left out; a settlement period's carry starts on its first month,
 * so the months of the period holding `from` onwards are exact when `from` is its first month or earlier.
 */
export function periodsOf(f: AgreementFacts, through: string, lastEnded: string, from?: string): RentalPeriodView[] {
  const t = f.terms;
  if (!t.placementDate) return [];
  const all = agreementMonths(t.startDate, t.termMonths, t.endDate).filter((m) => m >= monthOf(t.placementDate!));
  const months = all.filter((m) => m <= through && (!from || m >= from));
  const first = monthOf(t.placementDate);
  let rows: Array<PeriodRow & { tests: number }>;
  if (t.billingModel === 'perTest') {
    rows = months.map((month) => {
      const tests = testsIn(month, f.readings);
      return { month, commitment: '0.00', eligible: '0.00', carryIn: '0.00', shortfall: testsAmount(tests, t.pricePerTest ?? '0'), settles: true, tests };
    });
  } else {
    const inputs = months.map((month) => ({
      month,
      commitment: commitmentFor(month, { monthlyCommitment: t.monthlyCommitment, from: t.placementDate!, to: t.endDate ?? termEndOf(t.startDate, t.termMonths), uptimePercent: t.uptimePercent, downtimeWaiver: t.downtimeWaiver }, downDaysIn(month, f.downs)),
      eligible: f.eligible.get(month) ?? '0.00',
    }));
    rows = settlePeriods(first, t.settlementPeriod, t.shortfallMode, inputs, all.at(-1)).map((r) => ({ ...r, tests: 0 }));
  }
  return rows.map((r) => {
    const stored = f.stored.get(r.month);
    const invoiced = stored?.invoiceId !== null && stored?.invoiceId !== undefined && stored.invoiceStatus === 'posted';
    const status: RentalPeriodStatus =
      r.month > lastEnded ? 'current' : invoiced ? 'invoiced' : !stored ? 'open' : stored.invoiceId !== null ? 'open' : r.settles ? 'settled' : 'carried';
    return {
      month: r.month,
      commitment: r.commitment,
      eligible: r.eligible,
      carryIn: r.carryIn,
      shortfall: r.shortfall,
      tests: r.tests,
      settles: r.settles,
      invoiceId: invoiced ? stored!.invoiceId : null,
      invoiceNumber: invoiced ? stored!.invoiceNumber : null,
      status,
    };
  });
}

/** The last month that has ended on `today`. */
export const lastEndedMonth = (today: string) => addMonths(monthOf(today), -1);
