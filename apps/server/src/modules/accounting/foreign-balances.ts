import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** A cash or bank account kept in a foreign currency, its balance on a date in that currency and in the company's. */
export interface ForeignAccountBalance {
  accountId: number;
  accountCode: string;
  accountName: string;
  regionId: number | null;
  currency: string;
  /** Its entries' foreign debits less credits through the date. */
  foreignBalance: string;
  /** The company-currency balance through the date, the opening balance included (Dr +). */
  companyBalance: string;
}

/**
 * The foreign cash and bank accounts holding a foreign balance on `date` (issue 33, section 2,
 * revaluation), in code order. The day totals hold the company currency only, so both sums read
 * the entries: few accounts are foreign.
 */
export async function foreignAccountBalancesAsOf(executor: Executor, date: string, companyCurrency: string): Promise<ForeignAccountBalance[]> {
  const rows = await queryRows<ForeignAccountBalance>(
    executor,
    sql`SELECT a.id AS "accountId", a.account_code AS "accountCode", a.account_name AS "accountName", a.region_id AS "regionId", a.currency,
               coalesce(e.foreign_balance, 0)::numeric(18, 2)::text AS "foreignBalance",
               (a.opening_balance + coalesce(e.balance, 0))::numeric(18, 2)::text AS "companyBalance"
        FROM accounts a
        JOIN LATERAL (SELECT sum(coalesce(g.foreign_debit, 0) - coalesce(g.foreign_credit, 0)) AS foreign_balance, sum(g.debit - g.credit) AS balance
                        FROM gl_entries g WHERE g.account_id = a.id AND g.entry_date <= ${date}::date) e ON true
        WHERE a.kind IN ('cash', 'bank') AND a.currency <> ${companyCurrency} AND coalesce(e.foreign_balance, 0) <> 0
        ORDER BY a.account_code`,
  );
  return rows.map((r) => ({ ...r, accountId: Number(r.accountId), regionId: r.regionId === null ? null : Number(r.regionId) }));
}
