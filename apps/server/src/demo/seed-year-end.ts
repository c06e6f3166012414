import { addDays, fiscalYearOf } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { closePeriods } from '../modules/accounting/accounting.api.ts';
import { actorOf } from './demo-actors.ts';

/**
 * The previous fiscal year is over and its books are done (issue 27, section 8): its periods
 * closed through its last day by the accountant, after every posting the demo dates in it. A
 * year-end close (closing journal into retained earnings) would follow here once the accounting
 * area offers one.
 */
export async function closePreviousYear(tx: Tx, today: string): Promise<void> {
  const [settings] = await queryRows<{ startMonth: number }>(tx, sql`SELECT fiscal_year_start_month AS "startMonth" FROM company_settings LIMIT 1`);
  const yearStart = fiscalYearOf(new Date(`${today}T00:00:00Z`), Number(settings?.startMonth ?? 7)).from;
  await closePeriods(tx, await actorOf(tx, 'accountant'), addDays(yearStart, -1));
}
