import type { OpenDocument } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { type AllocationRow, proposeAllocations, type WithheldProposal } from './allocations.ts';

export interface UseAllocationsOptions {
  form: FormInstance;
  /** The customer or vendor whose open documents are read; undefined: none yet. */
  partyId: number | undefined;
  queryKey: (partyId: number) => readonly unknown[];
  fetchTargets: (partyId: number) => Promise<OpenDocument[]>;
  /** A draft's saved allocations (by target id: the amount, or the row's values), kept instead of a proposal the first time its party's documents are read. */
  saved?: { partyId: number; amounts: ReadonlyMap<number, string | Omit<AllocationRow, 'targetId'>> };
  /** The form field holding the money to spread. */
  amountName?: string;
  /** A receipt's: what the customer withholds from a document, proposed with its money. */
  withheldOf?: (targetId: number) => WithheldProposal | undefined;
  /** Whether what `withheldOf` needs is read: the first proposal waits for it. */
  ready?: boolean;
}

/**
 * The open documents of the chosen party and the rows allocating to them: a fresh proposal
 * (oldest first) whenever another party's documents are read, the draft's own amounts the
 * first time. `propose` spreads the amount again (the amount changed).
 */
export function useAllocations({ form, partyId, queryKey, fetchTargets, saved, amountName = 'amount', withheldOf, ready = true }: UseAllocationsOptions) {
  const query = useQuery({ queryKey: queryKey(partyId ?? 0), queryFn: () => fetchTargets(partyId ?? 0), enabled: partyId !== undefined });
  const targets = partyId !== undefined ? (query.data ?? []) : [];
  // Whose documents the rows are of: the rows start afresh when another party's are read.
  const rowsOf = useRef<number | undefined>(undefined);
  const loaded = partyId !== undefined && query.isSuccess ? query.data : undefined;

  useEffect(() => {
    if (!loaded || !ready || partyId === undefined || rowsOf.current === partyId) return;
    const first = rowsOf.current === undefined && saved?.partyId === partyId;
    rowsOf.current = partyId;
    if (first) {
      const rowOf = (targetId: number): AllocationRow => {
        const kept = saved.amounts.get(targetId) ?? '';
        return typeof kept === 'string' ? { targetId, amount: kept } : { targetId, ...kept };
      };
      const rows: AllocationRow[] = loaded.map((t) => rowOf(t.id));
      // A saved allocation to a document no longer open stays, so the server says why it is refused.
      for (const targetId of saved.amounts.keys()) if (!loaded.some((t) => t.id === targetId)) rows.push(rowOf(targetId));
      form.setFieldValue('allocations', rows);
    } else {
      form.setFieldValue('allocations', proposeAllocations(loaded, form.getFieldValue(amountName) as string | undefined, withheldOf));
    }
  }, [loaded, ready, partyId, saved, form, amountName, withheldOf]);

  const propose = (amount: string | null | undefined) => form.setFieldValue('allocations', proposeAllocations(targets, amount, withheldOf));
  const forget = () => {
    rowsOf.current = undefined;
    form.setFieldValue('allocations', []);
  };
  return { query, targets, propose, forget };
}
