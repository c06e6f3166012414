import { isOptionDisabled, isOptionHidden, optionTextOf, planColour, resourceByName, type GenericOption, type PlanColour } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Select, type SelectProps } from 'antd';
import { fetchOptions, resourceKeys } from './resource-api.ts';

/** Spec section 4: green if all listed years are planned, blue if some, red if none (shades of 4.5:1 or more on white). */
export const planColourValues: Record<PlanColour, string> = { green: '#237804', blue: '#0958d9', red: '#cf1322' };

/** The same in words, for whoever does not see the colour (WCAG 1.4.1). */
export const planColourTitles: Record<PlanColour, string> = { green: 'Planned for every listed year', blue: 'Planned for some listed years', red: 'Not planned' };

export interface SelectOption {
  value: number | string;
  label: React.ReactNode;
  text: string;
  /** What typing matches here: the text and the option's declared search fields (an item's article number). */
  searchText: string;
  disabled: boolean;
}

/**
 * The picker rules: hide quantity <= 0, disable unapproved, and, where plans matter (the
 * planning screens and Generate Order pass the years), colour by plan coverage. Elsewhere no
 * colour: on order and invoice lines every item showed red "Not planned" before plans existed.
 */
export function toSelectOptions(
  options: readonly GenericOption[],
  planYears?: readonly number[],
  textOf: (option: GenericOption) => string = (option) => String(option.name ?? option.id),
  searchFields: readonly string[] = [],
  valueOf: (option: GenericOption) => number | string = (option) => option.id,
): SelectOption[] {
  return options
    .filter((option) => !isOptionHidden(option as { quantity?: number | string }))
    .map((option) => {
      const text = textOf(option);
      const plans = option.plans as Record<string, boolean> | undefined;
      const colour = planYears && plans && typeof plans === 'object' ? planColour(plans, planYears) : undefined;
      return {
        value: valueOf(option),
        text,
        searchText: [text, ...searchFields.map((field) => option[field]).filter((value) => typeof value === 'string')].join(' ').toLowerCase(),
        disabled: isOptionDisabled(option as { isApproved?: boolean }),
        label: colour ? (
          <span data-plan-colour={colour} title={planColourTitles[colour]} style={{ color: planColourValues[colour] }}>
            {text}
          </span>
        ) : (
          text
        ),
      };
    });
}

export interface OptionSelectProps extends Omit<SelectProps, 'options' | 'loading' | 'showSearch'> {
  /** The resource whose `/options` the picker reads. */
  resource: string;
  /** Colour items by plan coverage over these years (spec section 4); only where plans matter. */
  planYears?: readonly number[];
  /** The text an option shows and is searched by (default its `name`), e.g. an account's code and name. */
  optionText?: (option: GenericOption) => string;
  /** The resource's own options filters, sent with every options call (inventory: `{ purpose: 'adjustment' }`). */
  filters?: Record<string, string | number>;
  /** The whole option the user picked (or undefined when cleared): a line prefills from it (an item's cost). */
  onOptionPicked?: (option: GenericOption | undefined) => void;
  /** Which options are offered (a receipt's account: cash or bank kinds); the current value always shows. */
  where?: (option: GenericOption) => boolean;
  /** The order options are offered in, when not the server's (a shipment offers lots near expiry last). */
  order?: (a: GenericOption, b: GenericOption) => number;
  /** The option's key the value is, instead of its id: a currency's `code` (a field's `picks`). */
  valueKey?: string;
}

function selectedValues(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function selectedIds(value: unknown): number[] {
  return selectedValues(value).filter((v): v is number => typeof v === 'number');
}

/**
 * A picker over a resource's options. Small lists are loaded once and filtered here; when the
 * server says there are more than it sent, typing searches on the server instead.
 */
export function OptionSelect({ resource, planYears, optionText, placeholder, filters, onOptionPicked, where, order, valueKey, ...rest }: OptionSelectProps) {
  const valueOf = (option: GenericOption): number | string => (valueKey ? String(option[valueKey]) : option.id);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 250);
  const first = useQuery({ queryKey: resourceKeys.options(resource, { filters }), queryFn: () => fetchOptions(resource, { filters }) });
  const searchOnServer = first.data?.hasMore === true;
  const searched = useQuery({
    queryKey: resourceKeys.options(resource, { search: debouncedSearch, filters }),
    queryFn: () => fetchOptions(resource, { search: debouncedSearch, filters }),
    enabled: searchOnServer && debouncedSearch !== '',
  });
  const loaded = [...(first.data?.options ?? []), ...(searched.data?.options ?? [])];
  // A value that is a key other than the id (a code) is among the first options: such lists are short.
  const missing = valueKey ? [] : selectedIds(rest.value).filter((id) => first.isSuccess && !loaded.some((o) => o.id === id));
  const current = useQuery({
    queryKey: resourceKeys.options(resource, { ids: missing, filters }),
    queryFn: () => fetchOptions(resource, { ids: missing, limit: 0, filters }),
    enabled: missing.length > 0,
  });
  const byId = new Map([...loaded, ...(current.data?.options ?? [])].map((o) => [o.id, o]));
  // The server's search matches the declaration's optionSearch fields; the local filter does the same.
  const chosen = new Set(selectedValues(rest.value));
  const offered = where ? [...byId.values()].filter((o) => chosen.has(valueOf(o)) || where(o)) : [...byId.values()];
  const byValue = new Map([...byId.values()].map((o) => [valueOf(o), o]));
  const declaration = resourceByName(resource);
  const options = toSelectOptions(order ? offered.toSorted(order) : offered, planYears, optionText ?? ((option) => optionTextOf(declaration, option)), declaration?.optionSearch, valueOf);
  return (
    <Select
      allowClear
      placeholder={placeholder ?? 'Select'}
      {...rest}
      onChange={(value: unknown, option) => {
        rest.onChange?.(value, option);
        onOptionPicked?.(typeof value === 'number' || typeof value === 'string' ? byValue.get(value) : undefined);
      }}
      loading={first.isLoading || searched.isFetching}
      options={options}
      showSearch={{
        onSearch: setSearch,
        filterOption: (input, option) => ((option as SelectOption | undefined)?.searchText ?? '').includes(input.toLowerCase()),
      }}
    />
  );
}
