import type { FieldDeclaration } from '@erp/domain';
import { Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { DateInput } from '../date-input.tsx';
import { OptionSelect } from './option-select.tsx';

export interface ResourceFiltersProps {
  fields: readonly FieldDeclaration[];
  /** Names the search box: "Search Regions". */
  title: string;
  search: string;
  onSearch: (value: string) => void;
  filters: Record<string, unknown>;
  onFilter: (name: string, value: unknown) => void;
  /** The date field the list's `from` and `to` bound (the declaration's `dateRange`), shown as two dates. */
  dateRange?: FieldDeclaration;
}

/** The search box, one picker per filterable field, and the dates that bound a dated list. */
export function ResourceFilters({ fields, title, search, onSearch, filters, onFilter, dateRange }: ResourceFiltersProps) {
  // Search as the user types, once typing pauses; Enter searches at once.
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (settled !== search) onSearch(settled);
    // Only a change of what was typed searches; a new `search` from outside does not echo back.
  }, [settled]);
  return (
    <>
      <Input.Search
        aria-label={`Search ${title}`}
        placeholder="Search"
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => onSearch(value.trim())}
        style={{ width: 240, maxWidth: '100%' }}
      />
      {fields
        .filter((field) => field.filterable)
        .map((field) => {
          const common = {
            'aria-label': `Filter by ${field.label}`,
            placeholder: field.label,
            allowClear: true,
            value: filters[field.name] as never,
            onChange: (value: unknown) => onFilter(field.name, value),
            style: { minWidth: 160 },
          };
          if (field.kind === 'date') return <DateInput key={field.name} {...common} style={{ width: 160 }} />;
          if (field.picks) return <OptionSelect key={field.name} {...common} resource={field.picks.resource} valueKey={field.picks.key} />;
          if (field.kind === 'reference' && field.reference) return <OptionSelect key={field.name} {...common} resource={field.reference} />;
          const options =
            field.kind === 'boolean'
              ? [
                  { value: 'true', label: 'Yes' },
                  { value: 'false', label: 'No' },
                ]
              : (field.enumValues ?? []).map((v) => ({ value: v.value, label: v.label }));
          return <Select key={field.name} {...common} options={options} />;
        })}
      {dateRange &&
        (['from', 'to'] as const).map((bound) => (
          <DateInput
            key={bound}
            aria-label={`${dateRange.label} ${bound}`}
            placeholder={bound === 'from' ? 'From' : 'To'}
            allowClear
            value={filters[bound] as never}
            onChange={(value: unknown) => onFilter(bound, value)}
            style={{ width: 160 }}
          />
        ))}
    </>
  );
}
