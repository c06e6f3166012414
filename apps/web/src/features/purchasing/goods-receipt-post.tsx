import { goodsReceiptDocument, type GoodsReceiptDetail } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { documentKeys, runDocumentAction, saveDocument } from '../../components/document/document-api.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { isNearExpiryMessage, rateOfDraft, receiptBodyOf, rowsFromReceipt } from './goods-receipt-checks.ts';
import { NearExpiryConfirm, nearExpiryLot, type NearExpiryLot } from './near-expiry-confirm.tsx';

const post = goodsReceiptDocument.transitions.post;

/**
 * Post on a stored draft's view. The draft may hold lots near expiry saved without the
 * confirmation (`acceptNearExpiry: false`): the server's refusal of those asks the form's
 * question, and Receive anyway saves the draft as stored with `acceptNearExpiry: true` and
 * posts it in the same request (PUT with `post: true`, one transaction).
 */
export function GoodsReceiptPostButton({ receipt, alsoInvalidate, onError }: { receipt: GoodsReceiptDetail; alsoInvalidate: readonly (readonly unknown[])[]; onError: (message?: string) => void }) {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState<NearExpiryLot[]>();
  const run = useMutation({
    mutationFn: (acceptNearExpiry: boolean) => {
      if (!acceptNearExpiry) return runDocumentAction<GoodsReceiptDetail>(goodsReceiptDocument, receipt.id, 'post');
      const values = { receiptDate: receipt.receiptDate, notes: receipt.notes, exchangeRate: rateOfDraft(receipt), lines: rowsFromReceipt(receipt) };
      return saveDocument<GoodsReceiptDetail>(goodsReceiptDocument, receiptBodyOf(values, receipt.purchaseOrderId, true).body, { id: receipt.id, post: true });
    },
    onMutate: () => onError(undefined),
    onSuccess: async (answer) => {
      notify.success(answer.message || post.done);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(goodsReceiptDocument.name) });
      for (const key of alsoInvalidate) await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error, acceptNearExpiry) => {
      const problems = Object.entries(fieldErrorsOf(error) ?? {});
      if (!acceptNearExpiry && problems.length > 0 && problems.every(([, message]) => isNearExpiryMessage(message))) {
        setQuestion(problems.map(([key, message]) => nearExpiryLot(key, message, (line) => receipt.lines[line])));
        return;
      }
      onError(errorMessage(error));
    },
  });
  return (
    <>
      <Button type="primary" loading={run.isPending} onClick={() => run.mutate(false)}>
        {post.label} {goodsReceiptDocument.singular}
      </Button>
      <NearExpiryConfirm
        lots={question}
        onConfirm={() => {
          setQuestion(undefined);
          run.mutate(true);
        }}
        onCancel={() => {
          // Left on the view, so the user sees which lots were refused.
          onError(question?.map((lot) => lot.text).join('; '));
          setQuestion(undefined);
        }}
      />
    </>
  );
}
