import { canAccessRoute, formatDecimal, monthEnd, type PlanProgressRequest, type PlanProgressGrouping } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { documentLinkOf } from '../../../lib/areas/area-registry.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useIsNarrow } from '../../../lib/use-is-narrow.ts';
import { type DrillDocument, type DrillFilter, type DrillKind, fetchDrillDocuments, planProgressKeys } from './plan-progress-api.ts';

const drawerPageSize = 20;

/** An actual to open: its name, and the group it stands for. */
export interface DrillTarget {
  title: string;
  groupBy: PlanProgressGrouping;
  key: string | number;
}

/**
 * The documents behind a row's actual: the view's year (or its month, or the row's month),
 * the view's filters, and the row's own group. Invoices by invoice date and returns by return
 * date: the summary counts each in the month of its own posting.
 */
export function drillFilterOf(query: PlanProgressRequest, target: DrillTarget): DrillFilter {
  const month = target.groupBy === 'month' ? String(target.key) : query.month;
  const filter: DrillFilter = {
    from: month ? `${month}-01` : `${query.year}-01-01`,
    to: month ? monthEnd(`${month}-01`) : `${query.year}-12-31`,
    regionId: query.regionId,
    customerId: query.customerId,
    salespersonId: query.salespersonId,
    itemId: query.itemId,
  };
  if (target.groupBy !== 'month') filter[`${target.groupBy}Id`] = Number(target.key);
  return filter;
}

function DocumentsTable({ kind, filter }: { kind: DrillKind; filter: DrillFilter }) {
  const [page, setPage] = useState(1);
  const request = { ...filter, page, pageSize: drawerPageSize };
  const documents = useQuery({ queryKey: planProgressKeys.drill(kind, request), queryFn: () => fetchDrillDocuments(kind, request), placeholderData: keepPreviousData });
  const link = documentLinkOf(kind === 'invoices' ? 'invoice' : 'sales-return');
  return (
    <>
      {documents.isError && <Alert type="error" showIcon title={errorMessage(documents.error)} />}
      <Table<DrillDocument>
        rowKey="id"
        size="small"
        loading={documents.isFetching}
        dataSource={documents.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: drawerPageSize, total: documents.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        locale={{ emptyText: kind === 'invoices' ? 'No posted invoices' : 'No posted returns' }}
        columns={[
          {
            key: 'number',
            title: kind === 'invoices' ? 'Invoice' : 'Return',
            render: (_: unknown, row) => {
              const text = row.documentNumber ?? `#${row.id}`;
              return link ? <Link to={link.href(row.id)}>{text}</Link> : text;
            },
          },
          { key: 'date', title: 'Date', render: (_: unknown, row) => formatDate(row.invoiceDate ?? row.returnDate) },
          { key: 'customer', title: 'Customer', render: (_: unknown, row) => row.customer?.customerName ?? '' },
          { key: 'region', title: 'Region', render: (_: unknown, row) => row.region?.regionName ?? '' },
          { key: 'subtotal', title: 'Before tax', align: 'right', render: (_: unknown, row) => formatDecimal(row.subtotal) },
        ]}
      />
    </>
  );
}

/** The posted invoices and (for roles that may open returns) the posted returns behind an actual. */
export function DrillDrawer({ filter, title, onClose }: { filter: DrillFilter | undefined; title: string; onClose: () => void }) {
  const narrow = useIsNarrow();
  const { user } = useAuth();
  const returns = user !== undefined && canAccessRoute(user.role, '/sales-returns');
  // A new actual starts its tables on their first page.
  const key = JSON.stringify(filter ?? null);
  return (
    <Drawer title={`Actual: ${title}`} open={filter !== undefined} onClose={onClose} size={narrow ? '100%' : 720} destroyOnHidden>
      {filter && (
        <Flex vertical gap={12} key={key}>
          <Typography.Text type="secondary">
            Posted from {formatDate(filter.from)} to {formatDate(filter.to)}. The actual is the invoices less the returns, each in the month it was posted; an invoice
            shows at its full amount (all its lines).{returns ? '' : ' Returns are listed for the roles that may open sales returns.'}
          </Typography.Text>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Invoices
          </Typography.Title>
          <DocumentsTable kind="invoices" filter={filter} />
          {returns && (
            <>
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                Returns
              </Typography.Title>
              <DocumentsTable kind="sales-returns" filter={filter} />
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
