import type { DocumentDefinition } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { useUnsavedChangesGuard } from '../unsaved-changes.tsx';
import { type DocumentRecord, documentKeys, fetchDocument } from './document-api.ts';

export type DocumentTarget = 'new' | number;

export interface DocumentPanels<Doc extends DocumentRecord> {
  /** The form of a new document (no `document`) or of a draft the user may edit. */
  renderForm: (props: { document?: Doc; onDone: (openId?: number) => void }) => ReactNode;
  /** A document that is not (or may not be) edited: read-only, with its transition buttons. */
  renderView: (props: { document: Doc; onClose: () => void }) => ReactNode;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A new document, a draft to edit, or one to read, in one drawer; which one follows from allowedActions. */
export function DocumentDrawer<Doc extends DocumentRecord>({
  definition,
  target,
  onClose,
  onOpen,
  renderForm,
  renderView,
  width = 960,
}: { definition: DocumentDefinition; target?: DocumentTarget; onClose: () => void; onOpen: (id: number) => void; width?: number } & DocumentPanels<Doc>) {
  const narrow = useIsNarrow();
  const { user } = useAuth();
  const id = typeof target === 'number' ? target : undefined;
  const query = useQuery({ queryKey: documentKeys.one(definition.name, id ?? 0), queryFn: () => fetchDocument<Doc>(definition, id ?? 0), enabled: id !== undefined });
  const document = id !== undefined ? query.data : undefined;
  const onDone = (openId?: number) => (openId ? onOpen(openId) : onClose());
  const guard = useUnsavedChangesGuard(target, onClose);

  let title = `New ${definition.singular}`;
  let body: ReactNode = guard.track(renderForm({ onDone }));
  if (id !== undefined) {
    const number = document ? ((document[definition.numberField ?? 'documentNumber'] as string | null | undefined) ?? document.documentNumber) : undefined;
    title = document ? `${capitalised(definition.singular)} ${number ?? '(draft)'}` : capitalised(definition.singular);
    if (query.isLoading) body = <Skeleton active />;
    else if (query.isError) body = <Alert type="error" showIcon title={errorMessage(query.error)} />;
    else if (document && definition.allowedActions(document, user).includes('edit')) body = guard.track(renderForm({ document, onDone }));
    else if (document) body = renderView({ document, onClose });
  }
  return (
    <Drawer title={title} open={target !== undefined} onClose={guard.requestClose} size={narrow ? '100%' : width} destroyOnHidden>
      {target !== undefined && body}
    </Drawer>
  );
}
