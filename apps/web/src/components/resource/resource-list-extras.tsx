import { CloseOutlined } from '@ant-design/icons';
import { formatBalance, formatDecimal, type ResourceDeclaration } from '@erp/domain';
import { Tag, Typography } from 'antd';

/**
 * The declaration's named filters a link sets in the address (`/items?belowReorder=true`,
 * a dashboard figure's drill-down), as the list's filters: the value `true` alone.
 */
export function namedFiltersFromAddress(address: URLSearchParams, resource: ResourceDeclaration): Record<string, string> {
  return Object.fromEntries((resource.namedFilters ?? []).filter((f) => address.get(f.name) === 'true').map((f) => [f.name, 'true']));
}

/** The named filters in force, each a tag that clears it (they have no control of their own). */
export function NamedFilterTags({ resource, filters, onClear }: { resource: ResourceDeclaration; filters: Record<string, unknown>; onClear: (name: string) => void }) {
  return (resource.namedFilters ?? [])
    .filter((f) => filters[f.name] !== undefined)
    .map((f) => (
      <Tag key={f.name} closable closeIcon={<CloseOutlined aria-label={`Clear ${f.label}`} />} onClose={() => onClear(f.name)} style={{ alignSelf: 'center' }}>
        {f.label}
      </Tag>
    ));
}

/** The declaration's list totals over the whole filter (every page): an account list's balance. */
export function ListTotals({ resource, totals }: { resource: ResourceDeclaration; totals: Record<string, string> | undefined }) {
  if (!totals || !resource.listTotals?.length) return null;
  return (
    <Typography.Text>
      {resource.listTotals.map((t) => (
        <span key={t.name} style={{ marginInlineEnd: 24 }}>
          Total {t.label.toLowerCase()}:{' '}
          <strong data-testid={`list-total-${t.name}`}>{t.kind === 'balance' ? formatBalance(totals[t.name] ?? '0') : formatDecimal(totals[t.name] ?? '0')}</strong>
        </span>
      ))}
    </Typography.Text>
  );
}
