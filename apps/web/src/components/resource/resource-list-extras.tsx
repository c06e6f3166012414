import { CloseOutlined } from '@ant-design/icons';
import { contributedFiltersOf, formatBalance, formatDecimal, type ResourceDeclaration } from '@erp/domain';
import { Tag, Typography } from 'antd';

/**
 * The list's filters a link sets in the address (a dashboard figure's drill-down): the
 * declaration's named filters (`/items?belowReorder=true`, the value `true` alone) and its
 * filterable enum and yes/no fields when the value is one of theirs
 * (`/reagent-rentals?tab=assets&status=inStock`); anything else in the address is left alone.
 */
export function filtersFromAddress(address: URLSearchParams, resource: ResourceDeclaration): Record<string, string | number> {
  const named = (resource.namedFilters ?? []).filter((f) => address.get(f.name) === 'true').map((f) => [f.name, 'true']);
  const fields = resource.fields
    .filter((field) => field.filterable && (field.kind === 'enum' || field.kind === 'boolean'))
    .map((field) => [field.name, address.get(field.name), field.kind === 'boolean' ? ['true', 'false'] : (field.enumValues ?? []).map((v) => v.value)] as const)
    .filter(([, value, allowed]) => value !== null && allowed.includes(value))
    .map(([name, value]) => [name, value!]);
  // A record's own rows opened from its list (an item's tax facts: `?itemId=12`).
  const references = resource.fields
    .filter((field) => field.filterable && field.kind === 'reference' && /^[1-9]\d{0,9}$/.test(address.get(field.name) ?? ''))
    .map((field) => [field.name, Number(address.get(field.name))]);
  // Other areas' whole-number filters (`/items?registrationExpiringWithin=30`), within their bounds.
  const valued = contributedFiltersOf(resource.name)
    .map((filter) => [filter, address.get(filter.name)] as const)
    .filter(([filter, value]) => value !== null && /^\d{1,9}$/.test(value) && Number(value) >= filter.min && Number(value) <= filter.max)
    .map(([filter, value]) => [filter.name, Number(value)]);
  return Object.fromEntries([...named, ...fields, ...references, ...valued]);
}

/** The named filters in force, each a tag that clears it (they have no control of their own). */
export function NamedFilterTags({ resource, filters, onClear }: { resource: ResourceDeclaration; filters: Record<string, unknown>; onClear: (name: string) => void }) {
  const tags = [
    ...(resource.namedFilters ?? []).map((f) => ({ name: f.name, label: f.label })),
    // A value filter says its number: "DRAP registration expiring within (days): 30".
    ...contributedFiltersOf(resource.name).map((f) => ({ name: f.name, label: `${f.label}: ${String(filters[f.name])}` })),
  ];
  return tags
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
