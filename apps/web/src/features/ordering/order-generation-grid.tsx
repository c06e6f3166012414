import { defaultPlanYears, formatDecimal, formatQuantity, type OrderGenerationLine, planColour } from '@erp/domain';
import { Button, InputNumber, Table, Tag, Tooltip } from 'antd';
import type { TableRef } from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { planColourTitles, planColourValues } from '../../components/resource/option-select.tsx';

const qty = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatQuantity(value));
const money = (value: string) => formatDecimal(value);
const small = { fontSize: 12, color: '#595959' } as const;

/**
 * Two figures of a line stacked in one column, as its header names them ("On hand / usable"):
 * fifteen columns side by side ran past a 1280 px screen, and the pinned Why covered Suggested
 * and Final (issue 27). The Why panel lists every term by name.
 */
function Pair({ top, bottom }: { top: string; bottom: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {top}
      <span style={{ ...small, display: 'block' }}>{bottom}</span>
    </span>
  );
}

/** The final quantity, saved on Enter or when the field is left, if it changed. */
function FinalInput({ line, editable, onSave }: { line: OrderGenerationLine; editable: boolean; onSave: (line: OrderGenerationLine, finalQty: number) => Promise<void> }) {
  const [value, setValue] = useState<number | null>(line.finalQty);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(line.finalQty), [line.finalQty]);
  if (!editable) return <>{qty(line.finalQty)}</>;
  const save = async () => {
    const next = value ?? 0;
    if (next === line.finalQty) return;
    setSaving(true);
    try {
      await onSave(line, next);
    } catch {
      setValue(line.finalQty);
    } finally {
      setSaving(false);
    }
  };
  return (
    <InputNumber<number>
      size="small"
      min={0}
      precision={0}
      step={line.packSize}
      value={value}
      disabled={saving}
      aria-label={`Final quantity of ${line.itemName}`}
      style={{ width: 80 }}
      onChange={(v) => setValue(v)}
      onBlur={() => void save()}
      onPressEnter={() => void save()}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

export interface GridProps {
  lines: readonly OrderGenerationLine[];
  historyMonths: number;
  editable: boolean;
  onWhy: (line: OrderGenerationLine) => void;
  onSave: (line: OrderGenerationLine, finalQty: number) => Promise<void>;
  height: number;
}

/** The item coloured by plan coverage over this year and the next (spec section 4), as the planning pickers colour it. */
function ItemName({ line }: { line: OrderGenerationLine }) {
  const colour = line.plans ? planColour(line.plans, defaultPlanYears()) : undefined;
  return (
    <span data-plan-colour={colour} title={colour && planColourTitles[colour]} style={{ display: 'block', fontWeight: 500, color: colour && planColourValues[colour] }}>
      {line.itemName}
    </span>
  );
}

/**
 * The run's lines, virtualised (10,000 rows scroll as 30): the columns, the final
 * editable while the run is a draft, and a "Why" button opening every term of a line.
 */
export function OrderGenerationGrid({ lines, historyMonths, editable, onWhy, onSave, height }: GridProps) {
  const columns: ColumnsType<OrderGenerationLine> = [
    {
      key: 'item',
      title: 'Item, vendor',
      width: 170,
      fixed: 'left',
      render: (_: unknown, line) => (
        <span>
          <ItemName line={line} />
          <span style={small}>{line.articleNumber}</span>
          <span style={{ ...small, display: 'block' }}>{line.vendorName ?? <Tag color="red">No vendor</Tag>}</span>
        </span>
      ),
    },
    { key: 'demand', title: `Plan (year) / sold ${historyMonths} mo`, width: 90, align: 'right', render: (_: unknown, line) => <Pair top={qty(line.planQty)} bottom={qty(line.soldQty)} /> },
    { key: 'stock', title: 'On hand / usable', width: 85, align: 'right', render: (_: unknown, line) => <Pair top={qty(line.onHand)} bottom={qty(line.usable)} /> },
    {
      key: 'atRisk',
      title: 'At risk',
      width: 100,
      align: 'right',
      render: (_: unknown, line) =>
        line.atRiskQty > 0 ? (
          <span style={{ color: '#cf1322' }}>
            <Pair top={qty(line.atRiskQty)} bottom={money(line.atRiskValue)} />
          </span>
        ) : (
          '0'
        ),
    },
    {
      key: 'open',
      title: 'Open orders (in / late / beyond)',
      width: 90,
      align: 'right',
      render: (_: unknown, line) => `${qty(line.openSupply)} / ${qty(line.late)} / ${qty(line.beyondHorizon)}`,
    },
    { key: 'lead', title: 'Lead time / safety stock', width: 78, align: 'right', render: (_: unknown, line) => <Pair top={`${line.leadTimeDays} d`} bottom={qty(Math.round(line.safetyStock))} /> },
    { key: 'suggested', title: 'Suggested', width: 92, align: 'right', render: (_: unknown, line) => <strong>{qty(line.suggestedQty)}</strong> },
    { key: 'final', title: 'Final', width: 95, render: (_: unknown, line) => <FinalInput line={line} editable={editable} onSave={onSave} /> },
    { key: 'value', title: 'Value / cost', width: 100, align: 'right', render: (_: unknown, line) => <Pair top={money(line.value)} bottom={money(line.unitCost)} /> },
    {
      key: 'why',
      title: 'Why',
      width: 70,
      render: (_: unknown, line) => (
        <Tooltip title={line.reasons.join(', ') || 'No flags'}>
          <Button size="small" onClick={() => onWhy(line)} aria-label={`Why ${line.suggestedQty} of ${line.itemName}`}>
            Why{line.reasons.length > 0 ? ` (${line.reasons.length})` : ''}
          </Button>
        </Tooltip>
      ),
    },
  ];
  const width = columns.reduce((total, column) => total + Number(column.width ?? 100), 0);
  const wrapper = useRef<HTMLDivElement>(null);
  const table = useRef<TableRef>(null);
  // Focusing a cell's control (Tab, a final, a Why button) makes the browser scroll the virtual
  // list's own box sideways, which the list does not know of: header and rows part. The scroll is
  // handed to the list instead (the header holds its current offset), so both move together.
  useEffect(() => {
    const node = wrapper.current;
    if (!node) return;
    const onScroll = (event: Event) => {
      const target = event.target as HTMLElement;
      if (target.scrollLeft === 0 || !target.parentElement?.classList.contains('ant-table-tbody-virtual-holder')) return;
      const header = node.querySelector('.ant-table-header');
      const left = (header?.scrollLeft ?? 0) + target.scrollLeft;
      target.scrollLeft = 0;
      table.current?.scrollTo({ left } as Parameters<TableRef['scrollTo']>[0]);
      // The list moves without telling the header: it is moved alike.
      if (header) header.scrollLeft = left;
    };
    node.addEventListener('scroll', onScroll, true);
    return () => node.removeEventListener('scroll', onScroll, true);
  }, []);
  return (
    <div ref={wrapper}>
      <Table<OrderGenerationLine>
        ref={table}
        virtual
        size="small"
        rowKey="itemId"
        columns={columns}
        dataSource={lines as OrderGenerationLine[]}
        pagination={false}
        scroll={{ x: width, y: height }}
        locale={{ emptyText: <span style={{ color: '#595959' }}>No approved items in this run’s scope</span> }}
      />
    </div>
  );
}
