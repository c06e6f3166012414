import { formatDecimal, multiply, salesPlanDocument, type SalesPlanDetail } from '@erp/domain';
import { Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PlanGrid, type PlanGridColumn } from './plan-grid.tsx';
import { PlanReconciliation } from './plan-reconciliation.tsx';
import { planLinesOf } from './sales-plan-form.tsx';
import { planAddress } from './planning-addresses.ts';
import { exportLines } from './planning-api.ts';

/**
 * A plan past its draft (or a draft for who may not edit it): its facts, the grid read-only with
 * the frozen price and value once approved, its workflow (Revise opens the new version's
 * draft), the lines' export and the region's reconciliation.
 */
export function SalesPlanView({ plan, onClose }: { plan: SalesPlanDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const navigate = useNavigate();
  const lines = useMemo(() => planLinesOf(plan), [plan]);
  const priced = plan.lines.some((line) => line.unitPrice !== null);
  const extraColumns: PlanGridColumn[] = priced
    ? [
        { key: 'price', title: 'Price', value: (_line, index) => formatDecimal(plan.lines[index]?.unitPrice ?? '0') },
        { key: 'value', title: 'Value', value: (_line, index) => formatDecimal(multiply(plan.lines[index]?.quantity ?? 0, plan.lines[index]?.unitPrice ?? '0')), total: formatDecimal(plan.totalValue ?? '0') },
      ]
    : [];
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={salesPlanDocument}
        document={plan}
        error={error}
        printTitle="Sales plan"
        items={[
          { key: 'year', label: 'Year', children: plan.year },
          { key: 'version', label: 'Version', children: plan.version },
          { key: 'region', label: 'Region', children: plan.region?.regionName },
          { key: 'customer', label: 'Customer', children: plan.customer?.customerName ?? 'All customers' },
          { key: 'salesperson', label: 'Salesperson', children: plan.salesperson?.name ?? 'All salespeople' },
          { key: 'quantity', label: 'Quantity', children: plan.totalQuantity.toLocaleString('en-US') },
          ...(plan.totalValue !== null ? [{ key: 'value', label: 'Value', children: formatDecimal(plan.totalValue) }] : []),
        ]}
      />
      <PlanGrid lines={lines} extraColumns={extraColumns} />
      <DocumentViewActions onClose={onClose} afterPrint={<ExportButtons onExport={(format) => exportLines(plan.id, format)} />}>
        <PlanReconciliation year={plan.year} regionId={plan.regionId} regionName={plan.region?.regionName} />
        <TransitionButtons
          definition={salesPlanDocument}
          document={plan}
          onError={setError}
          onDone={(action, answer) => {
            if (action === 'revise') void navigate(planAddress.href(answer.data.id));
          }}
        />
      </DocumentViewActions>
    </Flex>
  );
}
