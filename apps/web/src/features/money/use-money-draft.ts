import { type DocumentDefinition, type OpenDocument } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { type AllocationRow, allocationProblems, allocationsBody, problemsOnRows, renameWhole } from './allocations.ts';
import { invalidateAfterMoney } from './money-refresh.ts';

export interface MoneyDraftOptions<Values extends { amount?: string | null; allocations?: AllocationRow[] }> {
  form: FormInstance<Values>;
  id?: number;
  /** The open documents the rows allocate to (the form's own check of their open amounts). */
  targets: readonly OpenDocument[];
  /** The API's key of an allocation's target. */
  targetKey: 'invoiceId' | 'goodsReceiptId' | 'paySlipId';
  /** The body without its allocations, from the form's values. */
  bodyOf: (values: Values) => object;
  overMessage: string;
  onDone: (openId?: number) => void;
}

/**
 * Save draft / save and post of a receipt or payment: the allocations sent are the rows above
 * zero, the form's own checks first, the server's refusals on their fields, the allocation
 * rows they name (`allocations.N` counts sent rows), or under the table.
 */
export function useMoneyDraft<Doc extends { id: number }, Values extends { amount?: string | null; allocations?: AllocationRow[] }>(
  definition: DocumentDefinition,
  { form, id, targets, targetKey, bodyOf, overMessage, onDone }: MoneyDraftOptions<Values>,
) {
  const queryClient = useQueryClient();
  const [allocationsError, setAllocationsError] = useState<string>();
  const sentRows = useRef<number[]>([]);
  const showProblems = (problems: Record<string, string>) => setAllocationsError(showFormProblems(form, renameWhole(problems)));
  const actions = useDraftActions<Doc>(definition, {
    id,
    body: () => {
      const values = form.getFieldsValue(true) as Values;
      const { allocations, rowOfSent } = allocationsBody(values.allocations ?? [], targetKey);
      sentRows.current = rowOfSent;
      return { ...bodyOf(values), allocations };
    },
    check: () => {
      const values = form.getFieldsValue(true) as Values;
      return allocationProblems(values.allocations ?? [], targets, values.amount, overMessage);
    },
    showProblems,
    serverProblems: (errors) => problemsOnRows(errors, sentRows.current),
    onDone,
    alsoRefresh: () => invalidateAfterMoney(queryClient),
  });
  return { ...actions, allocationsError };
}
