import { formatDecimal, monthEnd, type SalesReportGrouping, type SalesReportRequest } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useIsNarrow } from '../../../lib/use-is-narrow.ts';
import { invoicePagePath } from '../invoices/invoices-api.ts';
import { type DrillDownInvoice, fetchDrillDownInvoices, type InvoiceDrillDown, salesReportKeys } from './sales-reports-api.ts';

const drawerPageSize = 20;

/** A figure to open: what it is called, and the group it stands for (its grouping and key). */
export interface DrillTarget {
  title: string;
  groups: readonly { groupBy: SalesReportGrouping; key: string | number | null }[];
}

/**
 * The invoices behind a figure: the report's period and filters, narrowed by the figure's own
 * groups (a month narrows the dates). Undefined when a group cannot be asked of the invoice
 * list (sales without a salesperson).
 */
export function drillDownOf(query: SalesReportRequest, target: DrillTarget): InvoiceDrillDown | undefined {
  const filter: InvoiceDrillDown = {
    from: query.from,
    to: query.to,
    regionId: query.regionId,
    customerId: query.customerId,
    salespersonId: query.salespersonId,
    itemId: query.itemId,
  };
  for (const { groupBy, key } of target.groups) {
    if (key === null) return undefined;
    if (groupBy === 'month') {
      filter.from = String(key);
      filter.to = monthEnd(String(key));
    } else {
      filter[`${groupBy}Id`] = Number(key);
    }
  }
  return filter;
}

/** The drawer listing the posted invoices behind a figure, each opening its printable page. */
export function InvoicesDrawer({ filter, title, onClose }: { filter: InvoiceDrillDown | undefined; title: string; onClose: () => void }) {
  const narrow = useIsNarrow();
  const [page, setPage] = useState(1);
  // A new figure starts on its first page.
  const filterKey = JSON.stringify(filter ?? null);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setPage(1);
  }
  const request = filter ? { ...filter, page, pageSize: drawerPageSize } : undefined;
  const invoices = useQuery({
    queryKey: salesReportKeys.invoices(request ?? { from: '', to: '' }),
    queryFn: () => fetchDrillDownInvoices(request!),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer title={`Invoices: ${title}`} open={filter !== undefined} onClose={onClose} size={narrow ? '100%' : 720} destroyOnHidden>
      {filter && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            Posted invoices dated {formatDate(filter.from)} to {formatDate(filter.to)}, at their full amounts (all their lines); the report nets the returns posted
            in the period.
          </Typography.Text>
          {invoices.isError && <Alert type="error" showIcon title={errorMessage(invoices.error)} />}
          <Table<DrillDownInvoice>
            rowKey="id"
            size="small"
            loading={invoices.isFetching}
            dataSource={invoices.data?.data ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{ current: page, pageSize: drawerPageSize, total: invoices.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
            locale={{ emptyText: 'No posted invoices' }}
            columns={[
              {
                key: 'number',
                title: 'Invoice',
                render: (_: unknown, row) => (
                  <Link to={invoicePagePath(row.id)} target="_blank" rel="noopener">
                    {row.documentNumber ?? `#${row.id}`}
                  </Link>
                ),
              },
              { key: 'date', title: 'Date', render: (_: unknown, row) => formatDate(row.invoiceDate) },
              { key: 'customer', title: 'Customer', render: (_: unknown, row) => row.customer?.customerName ?? '' },
              { key: 'region', title: 'Region', render: (_: unknown, row) => row.region?.regionName ?? '' },
              { key: 'subtotal', title: 'Before tax', align: 'right', render: (_: unknown, row) => formatDecimal(row.subtotal) },
              { key: 'total', title: 'Total', align: 'right', render: (_: unknown, row) => formatDecimal(row.grandTotal) },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
