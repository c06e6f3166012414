import { call, timed } from './accounting-measures.ts';
import { benchYear } from './ledger-volume.ts';

export interface PlanProgressFigures {
  /** The figure: one region's year by item, the first page of 100 (totals and unplanned of all). */
  regionByItemMs: number;
  /** Every region's year by item, first page. */
  allByItemMs: number;
  /** Every region's year by month (12 rows). */
  allByMonthMs: number;
  /** The first request of the region's page, before any of the others warmed it. */
  regionByItemFirstMs: number;
}

/**
 * Plan progress over the plans of plan-progress-volume.ts and the summary of 1,000,000
 * invoice lines (sales-volume.ts), medians of 20 over HTTP. The region is the one with the
 * largest plan (the first row of the region grouping).
 */
export async function measurePlanProgress(base: string, token: string): Promise<PlanProgressFigures> {
  const url = (query: string) => `/api/planning/progress?year=${benchYear}&${query}`;
  const regions = (await call(base, token, 'GET', url('groupBy=region'))) as { rows: { key: number }[] };
  const region = regions.rows[0]?.key;
  if (region === undefined) throw new Error('No region plan to measure');
  const firstStarted = performance.now();
  await call(base, token, 'GET', url(`groupBy=item&regionId=${region}`));
  const regionByItemFirstMs = performance.now() - firstStarted;
  const regionByItemMs = await timed(() => call(base, token, 'GET', url(`groupBy=item&regionId=${region}`)), 20);
  const allByItemMs = await timed(() => call(base, token, 'GET', url('groupBy=item')), 20);
  const allByMonthMs = await timed(() => call(base, token, 'GET', url('groupBy=month')), 20);
  return { regionByItemMs, allByItemMs, allByMonthMs, regionByItemFirstMs };
}

export function planProgressTable(results: readonly { engine: string; figures: PlanProgressFigures }[], salesLines: number): string {
  return [
    `Plan progress for the bench year: 10 region plans (nine in ten of each region's items, 12 months each) against the monthly summary of ${salesLines.toLocaleString('en-US')} invoice lines (medians of 20 over HTTP; aim: a region-year by item, first page < 300 ms):`,
    '',
    '| engine | a region by item (page of 100) | the same, first request | all regions by item | all regions by month |',
    '|---|---:|---:|---:|---:|',
    ...results.map(({ engine, figures: f }) => `| ${engine} | ${f.regionByItemMs.toFixed(1)} ms | ${f.regionByItemFirstMs.toFixed(1)} ms | ${f.allByItemMs.toFixed(1)} ms | ${f.allByMonthMs.toFixed(1)} ms |`),
  ].join('\n');
}
