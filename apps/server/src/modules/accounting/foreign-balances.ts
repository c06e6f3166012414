import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** A cash or bank account kept in a foreign currency, its balance on a date in that currency and in the company's. */
export interface ForeignAccountBalance {
  accountId: number;
  accountCode: string;
  accountName: string;
  regionId: number | null;
  currency: string;
  /** Its opening balance in its currency and its entries' foreign debits less credits through the date. */
  foreignBalance: string;
  /** The company-currency balance through the date (Dr +), the opening balance included when it came with its foreign side. */
  companyBalance: string;
}

/**
 * The foreign cash and bank accounts holding a foreign balance on `date` (issue 33, section 2,
 * revaluation), in code order. The day totals hold the company currency only, so both sums read
 * the entries: few accounts are foreign. The opening balance counts in both with its foreign side
 * (`opening_foreign_balance`); an account opened before that was asked for has none, and its
 * opening balance, in the company currency alone, is not a foreign amount: left out of both, so
 * only what its entries hold is revalued (docs/decisions/currencies.md).
 */
export async function foreignAccountBalancesAsOf(executor: Executor, date: string, companyCurrency: string): Promise<ForeignAccountBalance[]> {
  const rows = await queryRows<ForeignAccountBalance>(
    executor,
    sql`SELECT a.id AS "accountId", a.account_code AS "accountCode", a.account_name AS "accountName", a.region_id AS "regionId", a.currency,
               (coalesce(a.opening_foreign_balance, 0) + coalesce(e.foreign_balance, 0))::numeric(18, 2)::text AS "foreignBalance",
               (CASE WHEN a.opening_foreign_balance IS NULL THEN 0 ELSE a.opening_balance END + coalesce(e.balance, 0))::numeric(18, 2)::text AS "companyBalance"
        FROM accounts a
        JOIN LATERAL (SELECT sum(coalesce(g.foreign_debit, 0) - coalesce(g.foreign_credit, 0)) AS foreign_balance, sum(g.debit - g.credit) AS balance
                        FROM gl_entries g WHERE g.account_id = a.id AND g.entry_date <= ${date}::date) e ON true
        WHERE a.kind IN ('cash', 'bank') AND a.currency <> ${companyCurrency} AND coalesce(a.opening_foreign_balance, 0) + coalesce(e.foreign_balance, 0) <> 0
        ORDER BY a.account_code`,
  );
  return rows.map((r) => ({ ...r, accountId: Number(r.accountId), regionId: r.regionId === null ? null : Number(r.regionId) }));
}
