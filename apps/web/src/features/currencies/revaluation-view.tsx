import { type ExchangeRevaluationDetail, exchangeRevaluationDocument, formatDecimal } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { RevaluationRowsTable } from './revaluation-rows-table.tsx';

/** Each currency's rate and where it came from: given on the revaluation, or the stored rate of a day. */
const ratesText = (revaluation: ExchangeRevaluationDetail) =>
  revaluation.appliedRates.length === 0
    ? 'None needed'
    : revaluation.appliedRates.map((r) => `${r.currency} ${r.rate} (${r.source === 'given' ? 'given' : `rate of ${formatDate(r.rateDate)}`})`).join(', ');

/** A posted (or cancelled) revaluation: its dates, rates, rows and total, and Cancel. */
export function RevaluationView({ revaluation, onClose }: { revaluation: ExchangeRevaluationDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={exchangeRevaluationDocument}
        document={revaluation}
        error={error}
        printTitle="Exchange revaluation"
        items={[
          { key: 'reversalDate', label: 'Reversed on', children: formatDate(revaluation.reversalDate) },
          { key: 'rates', label: 'Rates', children: ratesText(revaluation) },
          { key: 'difference', label: 'Unrealised gain (+) / loss (-)', children: <strong>{formatDecimal(revaluation.totals.difference)}</strong> },
        ]}
      />
      <RevaluationRowsTable revaluation={revaluation} />
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={exchangeRevaluationDocument} document={revaluation} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
