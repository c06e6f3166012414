import {
  addMonths,
  agreementMonths,
  commitmentFor,
  downDaysIn,
  lastDayOf,
  monthOf,
  type PeriodRow,
  settlePeriods,
  termEndOf,
  testsAmount,
  type SettlementPeriod,
  type ShortfallMode,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, queryRows } from '../../db/client.ts';

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
  stored: Map<string, { invoiceId: number | null; invoiceStatus: string | null }>;
}

export type PeriodStatus = 'current' | 'open' | 'carried' | 'settled' | 'invoiced';

/** One month of an agreement as `GET /api/rental-agreements/:id/periods` answers it. */
export interface PeriodView {
  month: string;
  commitment: string;
  eligible: string;
  carryIn: string;
  /** Due on a settlement period's last month; per test: the tests x price of the month. */
  shortfall: string;
  tests: number;
  settles: boolean;
  invoiceId: number | null;
  status: PeriodStatus;
}

const num = (v: unknown) => Number(v);

/** Everything the months of `ids` need, through `through` (`YYYY-MM`), in five reads whatever the number of agreements. */
export async function readAgreementFacts(executor: Executor, ids: readonly number[], through: string): Promise<Map<number, AgreementFacts>> {
  const facts = new Map<number, AgreementFacts>();
  if (ids.length === 0) return facts;
  const idArray = intArray([...ids]);
  const throughDay = lastDayOf(through);
  const terms = await queryRows<AgreementTerms>(
    executor,
    sql`SELECT a.id, a.document_number AS "documentNumber", a.status, a.customer_id AS "customerId", a.region_id AS "regionId", a.document_date::text AS "startDate",
               a.term_months AS "termMonths", a.billing_model AS "billingModel", a.monthly_commitment::text AS "monthlyCommitment", a.shortfall_mode AS "shortfallMode",
               a.settlement_period AS "settlementPeriod", a.price_per_test::text AS "pricePerTest", a.uptime_percent::text AS "uptimePercent", a.downtime_waiver AS "downtimeWaiver",
               a.end_date::text AS "endDate",
               (SELECT min(p.document_date)::text FROM placements p WHERE p.rental_agreement_id = a.id AND p.status = 'posted') AS "placementDate"
        FROM rental_agreements a WHERE a.id = ANY(${idArray}) ORDER BY a.id`,
  );
  for (const t of terms) {
    const id = num(t.id);
    facts.set(id, { terms: { ...t, id, customerId: num(t.customerId), regionId: num(t.regionId), termMonths: num(t.termMonths) }, downs: [], eligible: new Map(), readings: [], stored: new Map() });
  }
  // One after the other: inside a chunk's transaction the reads share one connection.
  const downs = await queryRows<{ id: number; downFrom: string; downTo: string }>(
      executor,
      sql`SELECT rental_agreement_id AS id, down_from::text AS "downFrom", down_to::text AS "downTo" FROM service_visits
          WHERE rental_agreement_id = ANY(${idArray}) AND down_from IS NOT NULL AND down_from <= ${throughDay}::date`,
  );
  // Posted sales of eligible items to the customer less its returns, each in its own month, before
  // tax: the monthly sales summary (net of returns), not the invoice lines. No lists: every item.
  const eligible = await queryRows<{ id: number; month: string; value: string }>(
      executor,
      sql`SELECT a.id, to_char(s.month, 'YYYY-MM') AS month, sum(s.value)::text AS value
          FROM rental_agreements a JOIN sales_summary s ON s.customer_id = a.customer_id
           AND s.month >= date_trunc('month', a.document_date) AND s.month <= ${`${through}-01`}::date
          WHERE a.id = ANY(${idArray}) AND a.billing_model = 'minimumPurchase'
            AND ((cardinality(a.eligible_item_ids) = 0 AND cardinality(a.eligible_category_ids) = 0)
                 OR s.item_id = ANY(a.eligible_item_ids)
                 OR (cardinality(a.eligible_category_ids) > 0 AND s.item_id IN (SELECT i.id FROM items i WHERE i.category_id = ANY(a.eligible_category_ids))))
          GROUP BY a.id, s.month`,
    );
  const readings = await queryRows<{ id: number; date: string; reading: number }>(
      executor,
      sql`SELECT rental_agreement_id AS id, reading_date::text AS date, reading FROM meter_readings
          WHERE rental_agreement_id = ANY(${idArray}) AND reading_date <= ${throughDay}::date ORDER BY reading_date`,
    );
  const stored = await queryRows<{ id: number; month: string; invoiceId: number | null; invoiceStatus: string | null }>(
      executor,
      sql`SELECT p.rental_agreement_id AS id, to_char(p.month, 'YYYY-MM') AS month, p.invoice_id AS "invoiceId", i.status AS "invoiceStatus"
          FROM rental_periods p LEFT JOIN invoices i ON i.id = p.invoice_id WHERE p.rental_agreement_id = ANY(${idArray})`,
    );
  for (const d of downs) facts.get(num(d.id))?.downs.push({ downFrom: d.downFrom, downTo: d.downTo });
  for (const e of eligible) facts.get(num(e.id))?.eligible.set(e.month, e.value);
  for (const r of readings) facts.get(num(r.id))?.readings.push({ date: r.date, reading: num(r.reading) });
  for (const s of stored) facts.get(num(s.id))?.stored.set(s.month, { invoiceId: s.invoiceId === null ? null : num(s.invoiceId), invoiceStatus: s.invoiceStatus });
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
 */
export function periodsOf(f: AgreementFacts, through: string, lastEnded: string): PeriodView[] {
  const t = f.terms;
  if (!t.placementDate) return [];
  const all = agreementMonths(t.startDate, t.termMonths, t.endDate).filter((m) => m >= monthOf(t.placementDate!));
  const months = all.filter((m) => m <= through);
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
    const status: PeriodStatus =
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
      status,
    };
  });
}

/** The last month that has ended on `today`. */
export const lastEndedMonth = (today: string) => addMonths(monthOf(today), -1);
