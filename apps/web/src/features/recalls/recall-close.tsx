import { hasScope, type RecallDetail, recallDocument } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { TextArea } from '../../components/text-area.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { inventoryLists } from './recall-refresh.ts';
import { closeRecall, recallKeys } from './recalls-api.ts';

const problemLabels: Record<string, string> = { notices: 'Notices', onHand: 'Stock on hand', difference: 'Reconciliation' };

/**
 * Close (recalls:close, an open recall): closing notes, then the close; a refusal (409) lists
 * what still stands in the way (notices unsent, units on hand, a difference), each named.
 */
export function CloseRecallButton({ recall }: { recall: RecallDetail }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [closingNotes, setClosingNotes] = useState('');
  const close = useMutation({
    mutationFn: () => closeRecall(recall.id, closingNotes.trim()),
    onSuccess: async (answer) => {
      notify.success(answer.message || recallDocument.transitions.close.done);
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: recallKeys.all });
      for (const key of inventoryLists) await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  if (!user || !recallDocument.allowedActions(recall, user).includes('close') || !hasScope(user.role, user.scopes, 'recalls:close')) return null;
  const problems = Object.entries(fieldErrorsOf(close.error) ?? {});
  return (
    <>
      <Button type="primary" onClick={() => setAsking(true)}>
        Close recall
      </Button>
      <Modal
        open={asking}
        title={`Close recall ${recall.documentNumber ?? ''}`}
        okText="Close recall"
        cancelText="Not now"
        onOk={() => close.mutate()}
        confirmLoading={close.isPending}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text>{recallDocument.transitions.close.confirm}</Typography.Text>
          {close.isError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={errorMessage(close.error)}
              description={
                problems.length > 0 ? (
                  <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="close-problems">
                    {problems.map(([key, message]) => (
                      <li key={key}>
                        <strong>{problemLabels[key] ?? key}:</strong> {message}
                      </li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
          <Flex vertical gap={4}>
            <Typography.Text>Closing notes</Typography.Text>
            <TextArea aria-label="Closing notes" maxLength={2000} value={closingNotes} onChange={(event) => setClosingNotes(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Flex>
        </Flex>
      </Modal>
    </>
  );
}
