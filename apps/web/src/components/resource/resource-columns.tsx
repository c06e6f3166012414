import { formatDateTime, formatDecimal, isDecimalString, listedFields, resourceByName, type FieldDeclaration, type ResourceDeclaration } from '@erp/domain';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDate, formatStampDay } from '../../lib/dates.ts';
import type { ResourceRow } from './resource-api.ts';

/** `regionId` -> `region`: the nested object the API sends beside a reference id. */
function referenceKey(field: FieldDeclaration): string {
  return field.name.endsWith('Id') ? field.name.slice(0, -2) : field.name;
}

export function referenceName(field: FieldDeclaration, row: ResourceRow): string {
  const nested = row[referenceKey(field)];
  if (!nested || typeof nested !== 'object') return '';
  const nameField = field.reference ? resourceByName(field.reference)?.nameField : undefined;
  const record = nested as Record<string, unknown>;
  const value = nameField ? record[nameField] : Object.entries(record).find(([key]) => key !== 'id')?.[1];
  return value === undefined || value === null ? '' : String(value);
}

function renderValue(field: FieldDeclaration, row: ResourceRow): React.ReactNode {
  const value = row[field.name];
  if (field.emptyLabel && (value === null || value === undefined)) return field.emptyLabel;
  switch (field.kind) {
    case 'reference':
      return referenceName(field, row);
    case 'boolean':
      return value ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>;
    case 'date':
      return formatDate(value);
    case 'enum':
      return field.enumValues?.find((v) => v.value === value)?.label ?? String(value ?? '');
    case 'decimal':
      // Money reads with thousands separators, exactly (spec section 9's balances do too).
      return typeof value === 'string' && isDecimalString(value, field.scale ?? 2, Number.POSITIVE_INFINITY) ? formatDecimal(value, field.scale ?? 2) : String(value ?? '');
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

export function resourceColumns(
  resource: ResourceDeclaration,
  sort: { field?: string; order?: 'asc' | 'desc' },
): ColumnsType<ResourceRow> {
  const columns: ColumnsType<ResourceRow> = listedFields(resource).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: field.label,
    sorter: field.sortable !== false,
    sortOrder: sort.field === field.name ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
    align: field.kind === 'decimal' || field.kind === 'integer' ? 'right' : undefined,
    ellipsis: field.kind === 'text' || field.kind === 'url',
    render: (_: unknown, row: ResourceRow) => renderValue(field, row),
    ...(field.list === 'wide' ? { responsive: ['xxl' as const] } : {}),
  }));
  columns.push({
    key: 'createdAt',
    dataIndex: 'createdAt',
    title: 'Created',
    // The day only, on one line (the full stamp took four lines at 1280 px, issue 27); the time is in its tooltip.
    onCell: () => ({ className: 'nowrap-cell' }),
    // A list of many fields gives them the room below 1600 px: the stamp is the least of them.
    ...(columns.length > 8 ? { responsive: ['xxl' as const] } : {}),
    render: (value: unknown) => <span title={formatDateTime(value as string | undefined)}>{formatStampDay(value)}</span>,
  });
  return columns;
}
