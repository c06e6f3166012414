import { DatePicker } from 'antd';
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

/** A from-to picker over wire dates. */
export function DateRangeInput({ value, onChange, style, allowClear = true, ...rest }: DateRangeInputProps) {
  return (
    <DatePicker.RangePicker
      {...rest}
      allowClear={allowClear}
      value={[toDayjs(value?.[0]), toDayjs(value?.[1])]}
      format={displayDateFormat}
      onChange={(range) => onChange?.([toWireDate(range?.[0]), toWireDate(range?.[1])])}
      style={{ maxWidth: '100%', ...style }}
    />
  );
}
