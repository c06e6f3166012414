import { describe, expect, it } from 'vitest';
import { itemSalesQuerySchema, monthEnd, monthStart, salesReportQuerySchema } from './sales-reports.ts';

describe('sales report queries', () => {
  it('widen dates to whole months, leap years included', () => {
    expect(monthStart('2026-03-15')).toBe('2026-03-01');
    expect(monthEnd('2026-03-15')).toBe('2026-03-31');
    expect(monthEnd('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2026-02-28')).toBe('2026-02-28');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
  });

  it('default to months for /sales/reports and items for /items/sales, json, the first page of 100', () => {
    const period = { from: '2026-01-01', to: '2026-12-31' };
    expect(salesReportQuerySchema.parse(period)).toEqual({ ...period, groupBy: 'month', format: 'json', page: 1, pageSize: 100 });
    expect(itemSalesQuerySchema.parse({ ...period, regionId: '3' })).toMatchObject({ groupBy: 'item', regionId: 3 });
    expect(salesReportQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(salesReportQuerySchema.safeParse({ ...period, customerId: '0' }).success).toBe(false);
  });
});
