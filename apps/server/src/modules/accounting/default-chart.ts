import { type AreasFold, areasFold } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountHeads, accounts, postingAccounts } from '../../db/schema/index.ts';

/**
 * Creates the default chart (each area declares its accounts and posting keys: the domain's
 * areas.ts folds them) and fills the posting accounts when the chart is empty (a new
 * company, or a database from before issue 3); a chart with any head is left alone.
 * Runs inside bootstrap's transaction, under its advisory lock.
 */
export async function ensureDefaultChart(tx: Executor, chart: AreasFold['chart'] = areasFold.chart): Promise<{ created: boolean }> {
  const [anyHead] = await tx.select({ id: accountHeads.id }).from(accountHeads).limit(1);
  if (anyHead) return { created: false };
  const headIds = new Map<string, number>();
  for (const head of chart.heads) {
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
      chart.accounts.map((a) => ({
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
  const keyed = chart.accounts.filter((a) => a.postingKey && idOfCode.has(a.accountCode));
  if (keyed.length > 0) {
    await tx
      .insert(postingAccounts)
      .values(keyed.map((a) => ({ key: a.postingKey!, accountId: idOfCode.get(a.accountCode)! })))
      .onConflictDoUpdate({ target: postingAccounts.key, set: { accountId: sql`excluded.account_id` } });
  }
  return { created: true };
}
