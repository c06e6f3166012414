import { DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { toDayjs, toWireDate, typedDateFormats } from '../lib/dates.ts';

export interface DateInputProps {
  /** `YYYY-MM-DD` or empty. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
  /** The latest date offered, `YYYY-MM-DD` (a receipt or transfer cannot be dated after today). */
  max?: string;
}

/** Enter takes the typed date (the picker handles it first) and goes no further: it never submits the form around. */
function keepEnter(event: React.KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * A date field whose value is the wire's `YYYY-MM-DD` string, not a dayjs object. It shows
 * `5 Mar 2026` and takes typed dates day first (`typedDateFormats`).
 */
export function DateInput({ value, onChange, style, max, ...rest }: DateInputProps) {
  return (
    // `display: contents` leaves the layout to the picker; the key still bubbles through.
    <span style={{ display: 'contents' }} onKeyDown={keepEnter}>
      <DatePicker
        {...rest}
        {...(max ? { disabledDate: (d: Dayjs) => toWireDate(d)! > max } : {})}
        value={toDayjs(value)}
        format={[...typedDateFormats]}
        onChange={(d: Dayjs | null) => onChange?.(toWireDate(d))}
        style={{ width: '100%', ...style }}
      />
    </span>
  );
}

export interface DateRangeInputProps {
  /** `[from, to]` as `YYYY-MM-DD`. */
  value?: readonly [string | null | undefined, string | null | undefined];
  onChange?: (value: [string | null, string | null]) => void;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

/**
 * A from-to pair over wire dates: two pickers, not antd's RangePicker, whose Tab from an
 * empty start field sends focus back to it (rc-picker moves to the part still missing), so
 * the table and paging after it could not be reached forward (WCAG 2.1.1).
 */
export function DateRangeInput({ value, onChange, style, allowClear = true, 'aria-label': label = 'Dates' }: DateRangeInputProps) {
  const [from, to] = [value?.[0] ?? null, value?.[1] ?? null];
  return (
    <Space.Compact role="group" aria-label={label} style={{ maxWidth: '100%', ...style }}>
      <DateInput aria-label={`${label}: from`} placeholder="From" allowClear={allowClear} value={from} onChange={(next) => onChange?.([next, to])} style={{ width: 150 }} />
      <DateInput aria-label={`${label}: to`} placeholder="To" allowClear={allowClear} value={to} onChange={(next) => onChange?.([from, next])} style={{ width: 150 }} />
    </Space.Compact>
  );
}
