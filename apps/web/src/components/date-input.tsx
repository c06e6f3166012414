import { DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { displayDateFormat, toDayjs, toWireDate } from '../lib/dates.ts';

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

/** A date field whose value is the wire's `YYYY-MM-DD` string, not a dayjs object. */
export function DateInput({ value, onChange, style, max, ...rest }: DateInputProps) {
  return (
    <DatePicker
      {...rest}
      {...(max ? { disabledDate: (d: Dayjs) => toWireDate(d)! > max } : {})}
      value={toDayjs(value)}
      format={displayDateFormat}
      onChange={(d: Dayjs | null) => onChange?.(toWireDate(d))}
      style={{ width: '100%', ...style }}
    />
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
