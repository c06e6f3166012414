import type { HeadType, PostingAccountKey } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountHeads, accounts, postingAccounts } from '../../db/schema/index.ts';

interface ChartHead {
  headName: string;
  headType: HeadType;
  subHeads: string[];
}

/** A distributor's chart: five heads and the sub-heads its postings use. */
export const defaultHeads: readonly ChartHead[] = [
  { headName: 'Assets', headType: 'asset', subHeads: ['Cash & Bank', 'Receivables', 'Inventory', 'Cheques in hand', 'Fixed assets'] },
  { headName: 'Liabilities', headType: 'liability', subHeads: ['Payables', 'Tax', 'Salaries payable'] },
  { headName: 'Equity', headType: 'equity', subHeads: ['Capital', 'Retained earnings'] },
  { headName: 'Income', headType: 'income', subHeads: ['Sales', 'Other income'] },
  { headName: 'Expenses', headType: 'expense', subHeads: ['Cost of sales', 'Operating expenses'] },
];

interface ChartAccount {
  accountCode: string;
  accountName: string;
  head: string;
  subHead: string;
  kind: string;
  postingKey?: PostingAccountKey;
}

export const defaultAccounts: readonly ChartAccount[] = [
  { accountCode: '1000', accountName: 'Cash in hand', head: 'Assets', subHead: 'Cash & Bank', kind: 'cash', postingKey: 'cash' },
  { accountCode: '1010', accountName: 'Bank - current account', head: 'Assets', subHead: 'Cash & Bank', kind: 'bank' },
  { accountCode: '1020', accountName: 'Bank - savings account', head: 'Assets', subHead: 'Cash & Bank', kind: 'bank' },
  { accountCode: '1100', accountName: 'Accounts receivable', head: 'Assets', subHead: 'Receivables', kind: 'receivable', postingKey: 'receivables' },
  { accountCode: '1150', accountName: 'Cheques in hand', head: 'Assets', subHead: 'Cheques in hand', kind: 'other', postingKey: 'chequesInHand' },
  { accountCode: '1200', accountName: 'Inventory', head: 'Assets', subHead: 'Inventory', kind: 'inventory', postingKey: 'inventory' },
  { accountCode: '1210', accountName: 'Inventory in transit', head: 'Assets', subHead: 'Inventory', kind: 'inventory', postingKey: 'inventoryInTransit' },
  { accountCode: '1500', accountName: 'Furniture & equipment', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
  { accountCode: '1510', accountName: 'Vehicles', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
  { accountCode: '1520', accountName: 'Computers', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
  { accountCode: '1590', accountName: 'Accumulated depreciation', head: 'Assets', subHead: 'Fixed assets', kind: 'other', postingKey: 'accumulatedDepreciation' },
  { accountCode: '2000', accountName: 'Accounts payable', head: 'Liabilities', subHead: 'Payables', kind: 'payable', postingKey: 'payables' },
  { accountCode: '2050', accountName: 'Cheques issued', head: 'Liabilities', subHead: 'Payables', kind: 'other', postingKey: 'chequesIssued' },
  { accountCode: '2100', accountName: 'Tax payable', head: 'Liabilities', subHead: 'Tax', kind: 'other', postingKey: 'taxPayable' },
  { accountCode: '2200', accountName: 'Salaries payable', head: 'Liabilities', subHead: 'Salaries payable', kind: 'other', postingKey: 'salariesPayable' },
  { accountCode: '3000', accountName: 'Capital', head: 'Equity', subHead: 'Capital', kind: 'equity' },
  { accountCode: '3100', accountName: 'Retained earnings', head: 'Equity', subHead: 'Retained earnings', kind: 'equity', postingKey: 'retainedEarnings' },
  { accountCode: '4000', accountName: 'Sales', head: 'Income', subHead: 'Sales', kind: 'income', postingKey: 'sales' },
  { accountCode: '4100', accountName: 'Sales returns', head: 'Income', subHead: 'Sales', kind: 'income', postingKey: 'salesReturns' },
  { accountCode: '4900', accountName: 'Gain or loss on disposal of assets', head: 'Income', subHead: 'Other income', kind: 'income', postingKey: 'assetDisposal' },
  { accountCode: '5000', accountName: 'Cost of sales', head: 'Expenses', subHead: 'Cost of sales', kind: 'expense', postingKey: 'costOfSales' },
  { accountCode: '5100', accountName: 'Stock adjustments', head: 'Expenses', subHead: 'Cost of sales', kind: 'expense', postingKey: 'stockAdjustments' },
  { accountCode: '6000', accountName: 'Depreciation', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense', postingKey: 'depreciation' },
  { accountCode: '6050', accountName: 'Bank charges', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense', postingKey: 'bankCharges' },
  { accountCode: '6100', accountName: 'Salaries', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense', postingKey: 'salaries' },
];

/**
 * Creates the default chart and fills the posting accounts when the chart is empty (a new
 * company, or a database from before issue 3); a chart with any head is left alone.
 * Runs inside bootstrap's transaction, under its advisory lock.
 */
export async function ensureDefaultChart(tx: Executor): Promise<{ created: boolean }> {
  const [anyHead] = await tx.select({ id: accountHeads.id }).from(accountHeads).limit(1);
  if (anyHead) return { created: false };
  const headIds = new Map<string, number>();
  for (const head of defaultHeads) {
    const [row] = await tx.insert(accountHeads).values({ headName: head.headName, headType: head.headType }).returning({ id: accountHeads.id });
    headIds.set(head.headName, row!.id);
    const subs = await tx
      .insert(accountHeads)
      .values(head.subHeads.map((headName) => ({ headName, headType: head.headType, parentId: row!.id })))
      .returning({ id: accountHeads.id, headName: accountHeads.headName });
    for (const sub of subs) headIds.set(sub.headName, sub.id);
  }
  const inserted = await tx
    .insert(accounts)
    .values(
      defaultAccounts.map((a) => ({
        accountCode: a.accountCode,
        accountName: a.accountName,
        headId: headIds.get(a.head)!,
        subHeadId: headIds.get(a.subHead)!,
        kind: a.kind,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: accounts.id, accountCode: accounts.accountCode });
  const idOfCode = new Map(inserted.map((r) => [r.accountCode, r.id]));
  const keyed = defaultAccounts.filter((a) => a.postingKey && idOfCode.has(a.accountCode));
  if (keyed.length > 0) {
    await tx
      .insert(postingAccounts)
      .values(keyed.map((a) => ({ key: a.postingKey!, accountId: idOfCode.get(a.accountCode)! })))
      .onConflictDoUpdate({ target: postingAccounts.key, set: { accountId: sql`excluded.account_id` } });
  }
  return { created: true };
}
