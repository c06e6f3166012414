import { addDecimals, breakEvenCommitment, fromMinorUnits, paybackMonth, type PostingAccountKey, type RentalAgreementPnl, type RentalPnlMonth, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { readPostingAccounts } from '../../ledger/posting-accounts.ts';

const rentalIncomeKeys: PostingAccountKey[] = ['rentalShortfallIncome', 'rentalTestIncome', 'rentalEarlyExitIncome'];

/**
 * The agreement's P&L month by month, every figure from the ledger rows stamped with the
 * agreement (issue 21, section 2: "equal to the GL rows stamped with it"): the reagent margin
 * (sales less returns less cost of sales of the customer's eligible items, stamped at posting
 * with the agreement they count towards) less depreciation and service cost plus rental
 * income; so `profit` and `ledgerProfit` are the same rows, to the cent.
 */
export async function agreementPnl(executor: Executor, agreementId: number, lifeMonths: number): Promise<RentalAgreementPnl> {
  const keys = await readPostingAccounts(executor, ['placementDepreciation', 'placementServiceCost', 'sales', 'salesReturns', 'costOfSales', ...rentalIncomeKeys]);
  const income = rentalIncomeKeys.map((k) => keys[k]).filter((id): id is number => id !== undefined);
  const revenueAccounts = [keys.sales, keys.salesReturns].filter((id): id is number => id !== undefined);
  const [ledgerRows, costRow] = [
    await queryRows<{ month: string; kind: string; amount: string }>(
      executor,
      sql`SELECT to_char(g.entry_date, 'YYYY-MM') AS month,
                 CASE WHEN g.account_id = ${keys.placementDepreciation ?? 0}::int THEN 'depreciation'
                      WHEN g.account_id = ${keys.placementServiceCost ?? 0}::int THEN 'service'
                      WHEN g.account_id = ANY(${`{${income.join(',')}}`}::int[]) THEN 'income'
                      WHEN g.account_id = ANY(${`{${revenueAccounts.join(',')}}`}::int[]) THEN 'revenue'
                      WHEN g.account_id = ${keys.costOfSales ?? 0}::int THEN 'cost'
                      WHEN h.head_type = 'income' THEN 'otherIncome' ELSE 'otherExpense' END AS kind,
                 sum(g.credit - g.debit)::text AS amount
          FROM gl_entries g JOIN accounts a ON a.id = g.account_id JOIN account_heads h ON h.id = a.head_id
          WHERE g.rental_agreement_id = ${agreementId}::int AND h.head_type IN ('income', 'expense')
          GROUP BY 1, 2 ORDER BY 1`,
    ),
    await queryRows<{ cost: string }>(executor, sql`SELECT coalesce((SELECT p.unit_cost::text FROM placements p WHERE p.rental_agreement_id = ${agreementId}::int AND p.status = 'posted' ORDER BY p.id LIMIT 1), '0.00') AS cost`),
  ];
  const months = new Map<string, { revenue: bigint; cost: bigint; depreciation: bigint; service: bigint; income: bigint; other: bigint }>();
  const at = (month: string) => {
    if (!months.has(month)) months.set(month, { revenue: 0n, cost: 0n, depreciation: 0n, service: 0n, income: 0n, other: 0n });
    return months.get(month)!;
  };
  let ledger = 0n;
  for (const r of ledgerRows) {
    const m = at(r.month);
    const amount = toMinorUnits(r.amount);
    ledger += amount;
    if (r.kind === 'revenue') m.revenue += amount;
    else if (r.kind === 'cost') m.cost -= amount;
    else if (r.kind === 'depreciation') m.depreciation -= amount;
    else if (r.kind === 'service') m.service -= amount;
    else if (r.kind === 'income') m.income += amount;
    else m.other += amount;
  }
  let cumulative = 0n;
  const rows: RentalPnlMonth[] = [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, m]) => {
      const profit = m.revenue - m.cost - m.depreciation - m.service + m.income + m.other;
      cumulative += profit;
      return {
        month,
        reagentRevenue: fromMinorUnits(m.revenue),
        reagentCost: fromMinorUnits(m.cost),
        reagentMargin: fromMinorUnits(m.revenue - m.cost),
        depreciation: fromMinorUnits(m.depreciation),
        serviceCost: fromMinorUnits(m.service),
        rentalIncome: fromMinorUnits(m.income + m.other),
        profit: fromMinorUnits(profit),
        cumulative: fromMinorUnits(cumulative),
      };
    });
  const total = (key: keyof RentalPnlMonth) => addDecimals(rows.map((r) => r[key] as string));
  const cost = costRow[0]?.cost ?? '0.00';
  const revenue = rows.reduce((s, r) => s + toMinorUnits(r.reagentRevenue), 0n);
  const margin = rows.reduce((s, r) => s + toMinorUnits(r.reagentMargin), 0n);
  const marginPercent = revenue > 0n ? fromMinorUnits((margin * 10_000n) / revenue) : '0.00';
  const serviceTotal = rows.reduce((s, r) => s + toMinorUnits(r.serviceCost), 0n);
  const monthlyService = rows.length > 0 ? fromMinorUnits(serviceTotal / BigInt(rows.length)) : '0.00';
  // Payback: the month the cumulative margin and income, before depreciation (which recovers the cost itself), reaches the cost.
  const payback = paybackMonth(cost, rows.map((r) => ({ month: r.month, margin: fromMinorUnits(toMinorUnits(r.profit) + toMinorUnits(r.depreciation)) })));
  return {
    months: rows,
    totals: {
      reagentRevenue: total('reagentRevenue'),
      reagentCost: total('reagentCost'),
      reagentMargin: total('reagentMargin'),
      depreciation: total('depreciation'),
      serviceCost: total('serviceCost'),
      rentalIncome: total('rentalIncome'),
      profit: total('profit'),
    },
    ledgerProfit: fromMinorUnits(ledger),
    cost,
    paybackMonth: toMinorUnits(cost) > 0n ? payback : null,
    breakEven: { lifeMonths, monthlyService, marginPercent, commitment: breakEvenCommitment(cost, lifeMonths, monthlyService, marginPercent) },
  };
}
