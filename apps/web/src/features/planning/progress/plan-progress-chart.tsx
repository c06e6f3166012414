import { formatDecimal, type PlanMeasure, type PlanProgressRow } from '@erp/domain';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** At most this many groups: a chart of 2,000 items says nothing; the table has them all. */
export const chartGroups = 24;

/**
 * Plan against actual per group, as the table lists them (its order, its page), and the
 * forecast where it is quantities. Loaded on its own (React.lazy in the screen) so the chart
 * library weighs on this screen only. Heights are numbers: drawn, never added up; the
 * tooltip shows the exact figures.
 */
export default function PlanProgressChart({ rows, measure, onPick }: { rows: readonly PlanProgressRow[]; measure: PlanMeasure; onPick: (index: number) => void }) {
  const data = rows.slice(0, chartGroups).map((row) => ({
    label: row.label,
    plan: measure === 'quantity' ? row.planQty : Number(row.planValue),
    actual: measure === 'quantity' ? row.actualQty : Number(row.actualValue),
    forecast: row.forecastQty,
    exact: row,
  }));
  const shown = (name: string, row: PlanProgressRow) => {
    if (measure === 'value') return formatDecimal(name === 'Plan' ? row.planValue : row.actualValue);
    return (name === 'Plan' ? row.planQty : name === 'Actual' ? row.actualQty : row.forecastQty).toLocaleString('en-US');
  };
  return (
    <figure style={{ margin: 0 }} aria-label={`Chart of plan and actual ${measure === 'quantity' ? 'quantity' : 'value'} for ${data.length} groups; the table below lists the same figures`}>
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={(v: number) => v.toLocaleString('en-US', { notation: 'compact' })} width={56} />
          <Tooltip formatter={(_value, name, item) => [shown(String(name), (item.payload as { exact: PlanProgressRow }).exact), name]} />
          <Legend />
          {/* Colours of 4.5:1 or more on white (WCAG 1.4.11 asks 3:1 of graphics). */}
          <Bar dataKey="plan" name="Plan" fill="#595959" cursor="pointer" onClick={(_, index) => onPick(index)} />
          <Bar dataKey="actual" name="Actual" fill="#0958d9" cursor="pointer" onClick={(_, index) => onPick(index)} />
          {/* A mark per group, no line: the groups are items, not a series in time. */}
          {measure === 'quantity' && <Line dataKey="forecast" name="Forecast" stroke="#ad4e00" strokeWidth={0} dot={{ r: 4, fill: '#ad4e00' }} legendType="circle" isAnimationActive={false} />}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
