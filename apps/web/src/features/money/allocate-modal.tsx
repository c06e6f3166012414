import { type DocumentDefinition, formatDecimal, moneyMessages, type OpenDocument } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useRef, useState } from 'react';
import { runDocumentAction } from '../../components/document/document-api.ts';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { type AllocationRow, allocationProblems, allocationsBody, problemsOnRows, renameWhole } from './allocations.ts';
import { AllocationsTable } from './allocations-table.tsx';
import { invalidateAfterMoney } from './money-refresh.ts';
import { useAllocations } from './use-allocations.ts';
import { useWithholding } from './withholding/use-withholding.ts';

export interface AllocateButtonProps {
  definition: DocumentDefinition;
  document: { id: number; unallocatedAmount: string };
  /** A foreign vendor's currency (issue 33): the advance and the bills are in it. */
  currency?: string;
  partyId: number;
  queryKey: (partyId: number) => readonly unknown[];
  fetchTargets: (partyId: number) => Promise<OpenDocument[]>;
  /** The API's key of an allocation's target: `invoiceId`, `goodsReceiptId`. */
  targetKey: 'invoiceId' | 'goodsReceiptId' | 'paySlipId';
  targetLabel: string;
  /** A receipt's: each row also takes what the customer withholds from the invoice, proposed as the receipt form proposes it (issue 29, section 6). */
  withholds?: boolean;
}

function AllocateForm({ definition, document, currency, partyId, queryKey, fetchTargets, targetKey, targetLabel, withholds, onClose }: AllocateButtonProps & { onClose: () => void }) {
  const [form] = Form.useForm<{ advance: string; allocations: AllocationRow[] }>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const [rowsError, setRowsError] = useState<string>();
  const sentRows = useRef<number[]>([]);
  const withholding = useWithholding(withholds ? partyId : undefined);
  const { query, targets } = useAllocations({
    form,
    partyId,
    queryKey,
    fetchTargets,
    amountName: 'advance',
    ...(withholds ? { withheldOf: withholding.withheldOf, ready: withholding.ready } : {}),
  });
  const allocate = useMutation({
    mutationFn: () => {
      const { allocations, rowOfSent } = allocationsBody((form.getFieldValue('allocations') as AllocationRow[] | undefined) ?? [], targetKey);
      sentRows.current = rowOfSent;
      return runDocumentAction(definition, document.id, 'allocate', { allocations });
    },
    onSuccess: async (answer) => {
      notify.success(answer.message || definition.transitions.allocate!.done);
      await invalidateAfterMoney(queryClient);
      onClose();
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      const errors = fieldErrorsOf(failure);
      if (errors) setRowsError(showFormProblems(form, renameWhole(problemsOnRows(errors, sentRows.current))));
    },
  });
  const submit = () => {
    setError(undefined);
    const rows = (form.getFieldValue('allocations') as AllocationRow[] | undefined) ?? [];
    const problems = allocationProblems(rows, targets, document.unallocatedAmount, moneyMessages.overAllocated('The'));
    setRowsError(showFormProblems(form, renameWhole(problems)));
    if (Object.keys(problems).length === 0) allocate.mutate();
  };
  return (
    <Form form={form} layout="vertical" name={`${definition.name}-allocate`} initialValues={{ advance: document.unallocatedAmount, allocations: [] }} onFinish={submit}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <Typography.Paragraph>
        On account: <strong>{currency ? `${currency} ` : ''}{formatDecimal(document.unallocatedAmount)}</strong>, proposed oldest first.
      </Typography.Paragraph>
      <AllocationsTable
        form={form}
        targets={targets}
        targetLabel={targetLabel}
        amountName="advance"
        loading={query.isFetching}
        error={rowsError}
        emptyText={`Nothing is open: the money stays on account`}
        withholding={withholds ? { agent: withholding.agent } : undefined}
        currency={currency}
      />
      <Form.Item style={{ marginTop: 16, marginBottom: 0, textAlign: 'right' }}>
        <Button onClick={onClose} style={{ marginInlineEnd: 8 }}>
          Close
        </Button>
        <Button type="primary" htmlType="submit" loading={allocate.isPending} disabled={targets.length === 0}>
          Allocate
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Allocate on a posted receipt or payment with money on account: a modal proposing it over the party's open documents, editable. */
export function AllocateButton(props: AllocateButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        Allocate advance
      </Button>
      <Modal title={`Allocate ${props.currency ? `${props.currency} ` : ''}${formatDecimal(props.document.unallocatedAmount)} on account`} open={open} onCancel={() => setOpen(false)} footer={null} width={props.withholds ? 1120 : 820} destroyOnHidden>
        <AllocateForm {...props} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
