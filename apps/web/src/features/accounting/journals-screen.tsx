import { formatDecimal, journalDocument } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import type { JournalDetail } from './accounting-api.ts';
import { JournalForm } from './journal-form.tsx';
import { JournalView } from './journal-view.tsx';

/** /journals: the generic document list and drawer, given the journal's columns, form and view. */
export function JournalsScreen() {
  return (
    <DocumentListScreen<JournalDetail & { documentNumber?: string | null; [key: string]: unknown }>
      definition={journalDocument}
      searchPlaceholder="Search number or narration"
      columns={[
        { key: 'narration', dataIndex: 'narration', title: 'Narration', ellipsis: true },
        { key: 'totalDebit', dataIndex: 'totalDebit', title: 'Total', align: 'right', render: (v: string) => formatDecimal(v) },
      ]}
      renderForm={({ document, onDone }) => <JournalForm key={document?.id ?? 'new'} journal={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <JournalView journal={document} onClose={onClose} />}
    />
  );
}
