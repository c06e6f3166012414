import { call, timed } from './accounting-measures.ts';
import { benchYear } from './ledger-volume.ts';

export interface SalesReportFigures {
  byRegionMs: number;
  byItemMs: number;
  itemsByRegionMs: number;
}

const year = `from=${benchYear}-01-01&to=${benchYear}-12-31`;

/**
 * The sales report for a year over the summary of 1,000,000 invoice lines (sales-volume.ts),
 * medians of 20 over HTTP: grouped by region (10 rows), by item (2,000 groups, the first
 * page of 100 by value with the totals of all), and /items/sales split by region (the
 * largest grouping a screen asks for: every item and region sold).
 */
export async function measureSalesReports(base: string, token: string): Promise<SalesReportFigures> {
  const byRegionMs = await timed(() => call(base, token, 'GET', `/api/sales/reports?${year}&groupBy=region`), 20);
  const byItemMs = await timed(() => call(base, token, 'GET', `/api/sales/reports?${year}&groupBy=item`), 20);
  const itemsByRegionMs = await timed(() => call(base, token, 'GET', `/api/items/sales?${year}&groupBy=region`), 20);
  return { byRegionMs, byItemMs, itemsByRegionMs };
}
