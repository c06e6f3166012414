import { type ExchangeRevaluationDetail, exchangeRevaluationDocument, formatDecimal } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { formatDate } from '../../lib/dates.ts';
import { revaluationAddress } from './revaluation-address.ts';
import { RevaluationForm } from './revaluation-form.tsx';
import { RevaluationView } from './revaluation-view.tsx';

/** The month-end revaluations (issue 33, section 2): the generic document list, a draft's form, a posted one's view. */
export function ExchangeRevaluations() {
  return (
    <DocumentListScreen<ExchangeRevaluationDetail>
      definition={exchangeRevaluationDocument}
      address={revaluationAddress}
      showTitle={false}
      searchPlaceholder="Search number"
      columns={[
        { key: 'reversalDate', dataIndex: 'reversalDate', title: 'Reversed on', render: (v: string) => formatDate(v) },
        { key: 'difference', title: 'Gain (+) / loss (-)', align: 'right', render: (_: unknown, row) => formatDecimal(String((row.totals as { difference?: string } | undefined)?.difference ?? '0')) },
      ]}
      renderForm={({ document, onDone }) => <RevaluationForm key={document?.id ?? 'new'} revaluation={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <RevaluationView revaluation={document} onClose={onClose} />}
    />
  );
}
