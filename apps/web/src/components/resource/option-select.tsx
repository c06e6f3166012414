import { defaultPlanYears, isOptionDisabled, isOptionHidden, planColour, type GenericOption, type PlanColour } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Select, type SelectProps } from 'antd';
import { fetchOptions, resourceKeys } from './resource-api.ts';

/** Spec section 4: green if all listed years are planned, blue if some, red if none. */
export const planColourValues: Record<PlanColour, string> = { green: '#389e0d', blue: '#1677ff', red: '#cf1322' };

export interface SelectOption {
  value: number;
  label: React.ReactNode;
  text: string;
  disabled: boolean;
}

/** The picker rules: hide quantity <= 0, disable unapproved, colour by plan coverage. */
export function toSelectOptions(
  options: readonly GenericOption[],
  planYears: readonly number[] = defaultPlanYears(),
  textOf: (option: GenericOption) => string = (option) => String(option.name ?? option.id),
): SelectOption[] {
  return options
    .filter((option) => !isOptionHidden(option as { quantity?: number | string }))
    .map((option) => {
      const text = textOf(option);
      const plans = option.plans as Record<string, boolean> | undefined;
      const colour = plans && typeof plans === 'object' ? planColour(plans, planYears) : undefined;
      return {
        value: option.id,
        text,
        disabled: isOptionDisabled(option as { isApproved?: boolean }),
        label: colour ? (
          <span data-plan-colour={colour} style={{ color: planColourValues[colour] }}>
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
  planYears?: readonly number[];
  /** The text an option shows and is searched by (default its `name`), e.g. an account's code and name. */
  optionText?: (option: GenericOption) => string;
}

function selectedIds(value: unknown): number[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return values.filter((v): v is number => typeof v === 'number');
}

/**
 * A picker over a resource's options. Small lists are loaded once and filtered here; when the
 * server says there are more than it sent, typing searches on the server instead.
 */
export function OptionSelect({ resource, planYears, optionText, placeholder, ...rest }: OptionSelectProps) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 250);
  const first = useQuery({ queryKey: resourceKeys.options(resource, {}), queryFn: () => fetchOptions(resource) });
  const searchOnServer = first.data?.hasMore === true;
  const searched = useQuery({
    queryKey: resourceKeys.options(resource, { search: debouncedSearch }),
    queryFn: () => fetchOptions(resource, { search: debouncedSearch }),
    enabled: searchOnServer && debouncedSearch !== '',
  });
  const loaded = [...(first.data?.options ?? []), ...(searched.data?.options ?? [])];
  const missing = selectedIds(rest.value).filter((id) => first.isSuccess && !loaded.some((o) => o.id === id));
  const current = useQuery({
    queryKey: resourceKeys.options(resource, { ids: missing }),
    queryFn: () => fetchOptions(resource, { ids: missing, limit: 0 }),
    enabled: missing.length > 0,
  });
  const byId = new Map([...loaded, ...(current.data?.options ?? [])].map((o) => [o.id, o]));
  const options = toSelectOptions([...byId.values()], planYears, optionText);
  return (
    <Select
      allowClear
      placeholder={placeholder ?? 'Select'}
      {...rest}
      loading={first.isLoading || searched.isFetching}
      options={options}
      showSearch={{
        onSearch: setSearch,
        filterOption: (input, option) => String((option as SelectOption | undefined)?.text ?? '').toLowerCase().includes(input.toLowerCase()),
      }}
    />
  );
}
