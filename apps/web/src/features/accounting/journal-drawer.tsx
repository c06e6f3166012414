import { isReadOnlyRole } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton } from 'antd';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { accountingKeys, fetchJournal } from './accounting-api.ts';
import { JournalForm } from './journal-form.tsx';
import { JournalView } from './journal-view.tsx';

export type JournalTarget = 'new' | number;

/** New journal, a draft to edit, or a posted / cancelled journal to read, in one drawer. */
export function JournalDrawer({ target, onClose, onOpen }: { target?: JournalTarget; onClose: () => void; onOpen: (id: number) => void }) {
  const narrow = useIsNarrow();
  const { user } = useAuth();
  const id = typeof target === 'number' ? target : undefined;
  const journal = useQuery({ queryKey: accountingKeys.journal(id ?? 0), queryFn: () => fetchJournal(id ?? 0), enabled: id !== undefined });
  const editable = user !== undefined && !isReadOnlyRole(user.role);
  const data = id !== undefined ? journal.data : undefined;

  let title = 'New journal';
  let body: React.ReactNode = <JournalForm onDone={(posted) => (posted ? onOpen(posted) : onClose())} />;
  if (id !== undefined) {
    title = data ? `Journal ${data.journalNumber ?? '(draft)'}` : 'Journal';
    if (journal.isLoading) body = <Skeleton active />;
    else if (journal.isError) body = <Alert type="error" showIcon title={errorMessage(journal.error)} />;
    else if (data && data.status === 'draft' && editable) body = <JournalForm key={data.id} journal={data} onDone={(posted) => (posted ? onOpen(posted) : onClose())} />;
    else if (data) body = <JournalView journal={data} onClose={onClose} />;
  }
  return (
    <Drawer title={title} open={target !== undefined} onClose={onClose} size={narrow ? '100%' : 960} destroyOnHidden>
      {target !== undefined && body}
    </Drawer>
  );
}
