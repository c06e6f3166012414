import type { DocumentDefinition } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { type DocumentAnswer, type DocumentRecord, documentKeys, runDocumentAction } from './document-api.ts';

export interface TransitionButtonsProps {
  definition: DocumentDefinition;
  document: DocumentRecord;
  /** Transitions another control runs (the form's save-and-post runs `post`). */
  exclude?: readonly string[];
  /** Other query keys a transition changes (ledgers). */
  alsoInvalidate?: readonly (readonly unknown[])[];
  onError?: (message: string) => void;
  /** After a transition succeeded (and the lists refreshed): a quotation's Accept opens the invoice it made. */
  onDone?: (action: string, answer: DocumentAnswer<DocumentRecord>) => void;
}

function TransitionButton({ definition, document, action, alsoInvalidate, onError, onDone }: Omit<TransitionButtonsProps, 'exclude'> & { action: string }) {
  const transition = definition.transitions[action]!;
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => runDocumentAction<DocumentRecord>(definition, document.id, action),
    onSuccess: async (answer) => {
      notify.success(answer.message || transition.done);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(definition.name) });
      for (const key of alsoInvalidate ?? []) await queryClient.invalidateQueries({ queryKey: key });
      onDone?.(action, answer);
    },
    onError: (error) => onError?.(errorMessage(error)),
  });
  // Undoing or turning down shows as a danger: cancel, reject.
  const danger = transition.to === 'cancelled' || transition.to === 'rejected';
  const button = (
    <Button danger={danger} type={danger ? 'default' : 'primary'} loading={run.isPending} onClick={transition.confirm ? undefined : () => run.mutate()}>
      {transition.label} {definition.singular}
    </Button>
  );
  if (!transition.confirm) return button;
  return (
    <Popconfirm
      title={transition.confirm}
      okText="Yes"
      cancelText="No"
      okButtonProps={{ danger }}
      onConfirm={() => run.mutateAsync().catch(() => undefined)}
    >
      {button}
    </Popconfirm>
  );
}

/**
 * The buttons of a document's workflow, derived from the declaration: one per transition the
 * user may run from the document's state (allowedActions: state, scope, the auditor's
 * read-only role). The server checks the same again.
 */
export function TransitionButtons({ exclude = [], ...props }: TransitionButtonsProps) {
  const { user } = useAuth();
  const actions = props.definition.allowedActions(props.document, user).filter((a) => a !== 'edit' && a !== 'delete' && !exclude.includes(a));
  return actions.map((action) => <TransitionButton key={action} {...props} action={action} />);
}
