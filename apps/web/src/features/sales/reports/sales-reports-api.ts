import type { DataTime, InvoiceDetail, ItemSalesResponse, ListResponse, SalesReportRequest, SalesReportResponse } from '@erp/domain';
import { downloadFile } from '../../../components/resource/resource-api.ts';
import { http } from '../../../lib/http.ts';

/** Drops empty filters, so the cache key and the request hold only what was chosen. */
function present<Query extends object>(query: Query): Partial<Query> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<Query>;
}

export type ReportKind = 'sales' | 'items';
const reportUrls: Record<ReportKind, string> = { sales: '/api/sales/reports', items: '/api/items/sales' };

export const salesReportKeys = {
  report: (kind: ReportKind, query: SalesReportRequest) => ['sales-report', kind, present(query)] as const,
  invoices: (filter: InvoiceDrillDown) => ['sales-report', 'invoices', present(filter)] as const,
};

export async function fetchSalesReport(query: SalesReportRequest): Promise<SalesReportResponse & DataTime> {
  const { data } = await http.get<SalesReportResponse & DataTime>(reportUrls.sales, { params: present(query) });
  return data;
}

export async function fetchItemSales(query: SalesReportRequest): Promise<ItemSalesResponse & DataTime> {
  const { data } = await http.get<ItemSalesResponse & DataTime>(reportUrls.items, { params: present(query) });
  return data;
}

/** Every row of the report (not the page) with a totals row, named by the server. */
export function downloadReport(kind: ReportKind, format: 'csv' | 'xlsx', query: SalesReportRequest): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  return downloadFile(reportUrls[kind], { ...present(rest), format }, `${kind === 'sales' ? 'sales-report' : 'item-sales'}.${format}`);
}

/** The posted invoices behind a figure: the period, and the report's filters with the figure's own group. */
export interface InvoiceDrillDown {
  from: string;
  to: string;
  regionId?: number;
  customerId?: number;
  salespersonId?: number;
  itemId?: number;
  page?: number;
  pageSize?: number;
}

export type DrillDownInvoice = Pick<InvoiceDetail, 'id' | 'documentNumber' | 'invoiceDate' | 'subtotal' | 'grandTotal'> & {
  customer?: { customerName?: string } | null;
  region?: { regionName?: string } | null;
};

/** GET /api/invoices?status=posted&from&to&<filters>: the document list, newest first. */
export async function fetchDrillDownInvoices(filter: InvoiceDrillDown): Promise<ListResponse<DrillDownInvoice>> {
  const { data } = await http.get<ListResponse<DrillDownInvoice>>('/api/invoices', { params: { status: 'posted', ...present(filter) } });
  return data;
}
