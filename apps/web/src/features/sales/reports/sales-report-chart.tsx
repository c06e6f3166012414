import { formatDecimal } from '@erp/domain';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartRow {
  label: string;
  value: string;
  margin: string;
}

/** At most this many bars: a chart of 2,000 items says nothing; the table has them all. */
export const chartBars = 24;

/**
 * Value and margin per group, as the table lists them (its order, its page). Loaded on its
 * own (React.lazy in the screen) so the chart library weighs on this screen only. Bar heights
 * are numbers: they are drawn, never added up; the tooltip shows the exact decimals.
 */
export default function SalesReportChart({ rows, onPick }: { rows: readonly ChartRow[]; onPick: (index: number) => void }) {
  const data = rows.slice(0, chartBars).map((row) => ({ label: row.label, value: Number(row.value), margin: Number(row.margin), exact: row }));
  return (
    <figure style={{ margin: 0 }} aria-label={`Chart of value and margin by ${data.length} groups; the table below lists the same figures`}>
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={(v: number) => v.toLocaleString('en-US', { notation: 'compact' })} width={56} />
          <Tooltip
            formatter={(_value, name, item) => {
              const exact = (item.payload as { exact: ChartRow }).exact;
              return [formatDecimal(name === 'Margin' ? exact.margin : exact.value), name];
            }}
          />
          <Legend />
          {/* Colours of 4.5:1 or more on white (WCAG 1.4.11 asks 3:1 of graphics). */}
          <Bar dataKey="value" name="Value" fill="#0958d9" cursor="pointer" onClick={(_, index) => onPick(index)} />
          <Bar dataKey="margin" name="Margin" fill="#237804" cursor="pointer" onClick={(_, index) => onPick(index)} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
