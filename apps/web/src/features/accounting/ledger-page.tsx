import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { canReadOptions, compareDecimal, departments, formatBalance, formatDecimal, type LedgerResponse, type LedgerRow } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryParams, withParams } from '../../lib/use-query-params.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { DateRangeInput } from '../../components/date-input.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useDocumentHref } from '../../components/document/document-address.ts';
import { SummaryRow } from '../../components/summary-row.tsx';
import { accountingKeys, downloadLedger, fetchLedger } from './accounting-api.ts';
import { DataAsOf } from '../../components/data-as-of.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import './ledger-page.css';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { formatRate } from '../../components/money/foreign-currency.tsx';
import type { ColumnsType } from 'antd/es/table';

export const ledgerPageSize = 100;

const amount = (value: string) => (compareDecimal(value, '0') === 0 ? '' : formatDecimal(value));

const foreignColumnCount = 4;

/** A foreign row's currency, rate and amounts in that currency (blank on rows in the company currency). */
function foreignColumns(accountCurrency: string | undefined): ColumnsType<LedgerRow> {
  const foreignAmount = (value: string | null) => (value === null ? '' : amount(value));
  // A foreign account's rows are all in its currency; a control account's may be in several.
  const titled = (side: string) => (accountCurrency ? `${side} (${accountCurrency})` : `Foreign ${side.toLowerCase()}`);
  return [
    { key: 'currency', title: 'Currency', className: 'nowrap', render: (_: unknown, row) => row.currency ?? '' },
    { key: 'exchangeRate', title: 'Rate', align: 'right', className: 'nowrap', render: (_: unknown, row) => (row.exchangeRate ? formatRate(row.exchangeRate) : '') },
    { key: 'foreignDebit', title: titled('Debit'), align: 'right', className: 'nowrap', render: (_: unknown, row) => foreignAmount(row.foreignDebit) },
    { key: 'foreignCredit', title: titled('Credit'), align: 'right', className: 'nowrap', render: (_: unknown, row) => foreignAmount(row.foreignCredit) },
  ];
}

/** Loads the next page when the end of the table scrolls into view (where the browser can tell). */
function useLoadWhenVisible(load: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: '400px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, load]);
  return ref;
}

/**
 * /ledger/:accountId (spec section 2: standalone, outside the layout): opening balance, every
 * entry with its running balance (Dr/Cr, spec section 9), totals and closing balance of the
 * range; pages by keyset cursor; print and export.
 */
export function LedgerPage() {
  const documentHref = useDocumentHref();
  const accountId = Number(useParams().accountId);
  const [search, setSearch] = useQueryParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = search.get('from') ?? undefined;
  const to = search.get('to') ?? undefined;
  // Opened from a P&L narrowed to a department or region: only the entries stamped with it.
  const departmentId = search.get('departmentId') ?? undefined;
  const regionId = search.get('regionId') ?? undefined;
  const dimension = useMemo(() => ({ departmentId, regionId }), [departmentId, regionId]);
  const { user } = useAuth();
  const mayPickDepartment = user ? canReadOptions(user.role, departments) : false;
  const valid = Number.isInteger(accountId) && accountId > 0;

  // The first page through the query cache; later pages by keyset cursor, appended here.
  // (useQuery rather than useInfiniteQuery: the latter lands in the login page's bundle.)
  const ledger = useQuery({
    queryKey: accountingKeys.ledgerOf(accountId, from, to, dimension),
    queryFn: () => fetchLedger(accountId, { from, to, ...dimension, pageSize: ledgerPageSize }),
    enabled: valid,
  });
  const [more, setMore] = useState<{ first?: LedgerResponse; pages: LedgerResponse[] }>({ pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const first = ledger.data;
  const pages = first && more.first === first ? more.pages : [];
  const last = pages.at(-1) ?? first;
  const hasNextPage = Boolean(last?.nextCursor);
  const rows = [...(first?.rows ?? []), ...pages.flatMap((p) => p.rows)];
  const loadMore = useCallback(() => {
    const after = last?.nextCursor;
    if (!first || !after || loadingMore) return;
    setLoadingMore(true);
    fetchLedger(accountId, { from, to, ...dimension, pageSize: ledgerPageSize, after })
      .then((page) => setMore((current) => ({ first, pages: [...(current.first === first ? current.pages : []), page] })))
      .catch((error: unknown) => notify.error(errorMessage(error)))
      .finally(() => setLoadingMore(false));
  }, [accountId, dimension, first, from, last, loadingMore, to]);
  const sentinel = useLoadWhenVisible(loadMore, hasNextPage && !loadingMore);

  const back = () => {
    // Opened from a list or statement: go back there; opened directly: to the role's home.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  };

  const setParams = (changes: Record<string, string | null | undefined>) => setSearch(withParams(search, changes));
  const setRange = ([nextFrom, nextTo]: [string | null, string | null]) => setParams({ from: nextFrom, to: nextTo });

  const account = first?.account;
  // Issue 33: an account kept in a foreign currency (or rows in one, on a control account) shows the foreign side of each row.
  const foreign = first !== undefined && (first.foreignOpening !== undefined || rows.some((row) => row.currency !== null && row.currency !== undefined));
  const title = account ? `${account.accountCode} ${account.accountName}` : 'Account ledger';
  return (
    <main className="ledger-page">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space wrap align="center">
            <Button className="no-print" icon={<ArrowLeftOutlined />} onClick={back}>
              Back
            </Button>
            <div>
              <Typography.Text type="secondary">Ledger</Typography.Text>
              <ScreenTitle>
                {title}
              </ScreenTitle>
            </div>
          </Space>
          <Space wrap className="no-print">
            <DataAsOf read={first} />
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!first}>
              Print
            </Button>
            <ExportButtons onExport={(format) => downloadLedger(accountId, format, first?.from ?? from, first?.to ?? to, dimension)} disabled={!first} />
          </Space>
        </Flex>
        {!valid && <Result status="404" title="Not found" subTitle="No account has this id." />}
        {ledger.isError && <Alert type="error" showIcon title={errorMessage(ledger.error)} />}
        {valid && ledger.isLoading && <Skeleton active />}
        {first && (
          <>
            <Flex wrap gap={12} align="center">
              <span className="no-print">
                <DateRangeInput aria-label="Period" allowClear={false} value={[first.from, first.to]} onChange={setRange} />
              </span>
              {(mayPickDepartment || departmentId) && (
                <span className="no-print">
                  {mayPickDepartment ? (
                    <OptionSelect
                      resource="departments"
                      aria-label="Department"
                      placeholder="All departments"
                      style={{ width: 200 }}
                      value={departmentId ? Number(departmentId) : undefined}
                      onChange={(value: unknown) => setParams({ departmentId: typeof value === 'number' ? String(value) : null })}
                    />
                  ) : (
                    <Button onClick={() => setParams({ departmentId: null })}>Show every department</Button>
                  )}
                </span>
              )}
              {regionId && (
                <Button className="no-print" onClick={() => setParams({ regionId: null })}>
                  Show every region
                </Button>
              )}
              {(departmentId || regionId) && (
                <Typography.Text type="secondary">Only the entries stamped with the chosen {departmentId && regionId ? 'department and region' : departmentId ? 'department' : 'region'}</Typography.Text>
              )}
              <Typography.Text className="print-only">
                {formatDate(first.from)} to {formatDate(first.to)}
              </Typography.Text>
            </Flex>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
              items={[
                { key: 'opening', label: `Opening balance (${formatDate(first.from)})`, children: <strong data-testid="opening-balance">{formatBalance(first.openingBalance)}</strong> },
                { key: 'debit', label: 'Total debit', children: <span data-testid="total-debit">{formatDecimal(first.totals.debit)}</span> },
                { key: 'credit', label: 'Total credit', children: <span data-testid="total-credit">{formatDecimal(first.totals.credit)}</span> },
                { key: 'closing', label: `Closing balance (${formatDate(first.to)})`, children: <strong data-testid="closing-balance">{formatBalance(first.closingBalance)}</strong> },
                ...(first.foreignOpening !== undefined && first.foreignClosing !== undefined
                  ? [
                      { key: 'foreignOpening', label: `Opening in ${first.account.currency}`, children: <strong data-testid="foreign-opening">{formatBalance(first.foreignOpening)}</strong> },
                      { key: 'foreignClosing', label: `Closing in ${first.account.currency}`, children: <strong data-testid="foreign-closing">{formatBalance(first.foreignClosing)}</strong> },
                    ]
                  : []),
              ]}
            />
            <Table<LedgerRow>
              rowKey="entryId"
              size="small"
              pagination={false}
              // Narration wraps; below 640 px (1120 px with the foreign columns) the table scrolls sideways.
              scroll={{ x: foreign ? 1120 : 640 }}
              dataSource={rows}
              columns={[
                { key: 'entryDate', title: 'Date', dataIndex: 'entryDate', render: (v: string) => formatDate(v), className: 'nowrap' },
                {
                  key: 'document',
                  title: 'Document',
                  className: 'nowrap',
                  render: (_: unknown, row) => {
                    const path = documentHref(row.documentType, row.documentId);
                    return path ? <Link to={path}>{row.documentNumber}</Link> : row.documentNumber;
                  },
                },
                {
                  key: 'narration',
                  title: 'Narration',
                  // Beside the foreign columns the narration keeps a readable width; the table scrolls sideways instead.
                  width: foreign ? 240 : undefined,
                  render: (_: unknown, row) => (
                    <>
                      {/* A control account's ledger names the customer's or vendor's account of each row. */}
                      {row.account && (
                        <Link to={`/ledger/${row.account.id}`} style={{ display: 'block' }}>
                          {row.account.accountCode} {row.account.accountName}
                        </Link>
                      )}
                      {row.narration}
                      {row.memo && row.memo !== row.narration && (
                        <Typography.Text type="secondary" style={{ display: 'block' }}>
                          {row.memo}
                        </Typography.Text>
                      )}
                    </>
                  ),
                },
                ...(foreign ? foreignColumns(first.foreignOpening !== undefined ? first.account.currency : undefined) : []),
                { key: 'debit', title: 'Debit', align: 'right', className: 'nowrap', render: (_: unknown, row) => amount(row.debit) },
                { key: 'credit', title: 'Credit', align: 'right', className: 'nowrap', render: (_: unknown, row) => amount(row.credit) },
                { key: 'balance', title: 'Balance', align: 'right', className: 'nowrap', render: (_: unknown, row) => formatBalance(row.balance) },
              ]}
              summary={() => {
                // The foreign columns (when shown) sit between the narration and the company-currency amounts.
                const shift = foreign ? foreignColumnCount : 0;
                return (
                  <Table.Summary>
                    <SummaryRow
                      label="Totals and closing balance"
                      labelSpan={3 + shift}
                      columnCount={6 + shift}
                      cells={{ [3 + shift]: formatDecimal(first.totals.debit), [4 + shift]: formatDecimal(first.totals.credit), [5 + shift]: formatBalance(first.closingBalance) }}
                    />
                  </Table.Summary>
                );
              }}
              title={() => (
                <Flex justify="space-between">
                  <span>Opening balance</span>
                  <strong>{formatBalance(first.openingBalance)}</strong>
                </Flex>
              )}
            />
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text type="secondary">
                Showing {rows.length} of {first.totals.count} entries
              </Typography.Text>
              {hasNextPage && (
                <Button className="no-print" onClick={loadMore} loading={loadingMore}>
                  Load more
                </Button>
              )}
            </Flex>
            <div ref={sentinel} />
          </>
        )}
      </Flex>
    </main>
  );
}
