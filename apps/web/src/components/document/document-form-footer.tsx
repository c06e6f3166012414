import type { DocumentDefinition } from '@erp/domain';
import { Button, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { DeleteButton } from '../resource/delete-button.tsx';
import type { DocumentRecord } from './document-api.ts';
import { TransitionButtons } from './transition-buttons.tsx';

/** What the footer needs of `useDraftActions`. */
export interface DraftFooterActions {
  save: { isPending: boolean };
  remove: { isPending: boolean; mutateAsync: () => Promise<unknown> };
  submit: (post: boolean) => void;
  setFormError: (message: string) => void;
}

export interface DocumentFormFooterProps {
  definition: DocumentDefinition;
  /** The saved draft, whose workflow's buttons show; undefined for a new one. */
  document?: DocumentRecord;
  /** The user may edit: without it there are no buttons. */
  canWrite: boolean;
  /** The user may delete the saved draft. */
  canDelete: boolean;
  actions: DraftFooterActions;
  onClose: () => void;
  /**
   * The left of the row, shown to every reader (the sales plan's reconciliation). Given, even
   * as nothing yet (`false`), the row is always there and spread; without it, the buttons sit
   * on the right and the row is left out for a reader.
   */
  start?: ReactNode;
}

/**
 * A draft document form's buttons, as every such form has them: Delete draft (a saved one),
 * the workflow's transitions (a saved one), Close, and Save draft, which keeps it a draft.
 * A refused transition's message goes above the form (`setFormError`).
 */
export function DocumentFormFooter({ definition, document, canWrite, canDelete, actions, onClose, start }: DocumentFormFooterProps) {
  const { save, remove, submit, setFormError } = actions;
  const buttons = canWrite && (
    <Space wrap>
      {canDelete && <DeleteButton singular={definition.singular} label="Delete draft" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
      {document && <TransitionButtons definition={definition} document={document} onError={setFormError} />}
      <Button onClick={() => onClose()}>Close</Button>
      <Button type="primary" loading={save.isPending} onClick={() => submit(false)}>
        Save draft
      </Button>
    </Space>
  );
  if (start === undefined) {
    return (
      buttons && (
        <Flex justify="flex-end" wrap gap={8} className="no-print">
          {buttons}
        </Flex>
      )
    );
  }
  return (
    <Flex justify="space-between" wrap gap={8} className="no-print">
      <Space wrap>{start}</Space>
      {buttons}
    </Flex>
  );
}
