import { addDays, addMonths, fiscalYearOf } from '@erp/domain';
import type { Tx } from '../db/client.ts';
import { closePeriods } from '../modules/accounting/accounting.api.ts';
import { readSettingValues } from '../modules/setup/setup.api.ts';
import { actorOf } from './demo-actors.ts';

/**
 * The day the demo's books are closed through: the previous fiscal year's last day, but never a
 * day of last month, whose month end (rentals, payroll) is still to run in the new year's first
 * month.
 */
export function demoClosedThrough(today: string, fiscalYearStartMonth: number): string {
  const yearEnd = addDays(fiscalYearOf(new Date(`${today}T00:00:00Z`), fiscalYearStartMonth).from, -1);
  const monthBeforeLastEnd = addDays(`${addMonths(today.slice(0, 7), -1)}-01`, -1);
  return yearEnd < monthBeforeLastEnd ? yearEnd : monthBeforeLastEnd;
}

/**
 * The previous fiscal year is over and its books are done (issue 27, section 8): its periods
 * closed by the accountant after every posting the demo dates in it (`demoClosedThrough`). A
 * year-end close (closing journal into retained earnings) would follow here once the accounting
 * area offers one.
 */
export async function closePreviousYear(tx: Tx, today: string): Promise<void> {
  const { fiscalYearStartMonth: startMonth } = await readSettingValues(tx, ['fiscalYearStartMonth']);
  await closePeriods(tx, await actorOf(tx, 'accountant'), demoClosedThrough(today, Number(startMonth ?? 7)));
}
