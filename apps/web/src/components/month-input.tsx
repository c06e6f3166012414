import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { wireMonthFormat } from '../lib/dates.ts';

export interface MonthInputProps {
  /** `YYYY-MM` or empty. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-label'?: string;
}

/**
 * A month field whose value is the wire's `YYYY-MM`, not a dayjs object: a month picker that
 * shows `Mar 2026` and is never cleared (a run is always of some month).
 */
export function MonthInput({ value, onChange, ...rest }: MonthInputProps) {
  const parsed = value ? dayjs(`${value}-01`) : null;
  return (
    <DatePicker
      {...rest}
      picker="month"
      format="MMM YYYY"
      allowClear={false}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(wireMonthFormat) : null)}
      style={{ width: '100%' }}
    />
  );
}
