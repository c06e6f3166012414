import type { OpenDocument } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { type AllocationRow, proposeAllocations } from './allocations.ts';

export interface UseAllocationsOptions {
  form: FormInstance;
  /** The customer or vendor whose open documents are read; undefined: none yet. */
  partyId: number | undefined;
  queryKey: (partyId: number) => readonly unknown[];
  fetchTargets: (partyId: number) => Promise<OpenDocument[]>;
  /** A draft's saved allocations (by target id), kept instead of a proposal the first time its party's documents are read. */
  saved?: { partyId: number; amounts: ReadonlyMap<number, string> };
  /** The form field holding the money to spread. */
  amountName?: string;
}

/**
 * The open documents of the chosen party and the rows allocating to them: a fresh proposal
 * (oldest first) whenever another party's documents are read, the draft's own amounts the
 * first time. `propose` spreads the amount again (the amount changed).
 */
export function useAllocations({ form, partyId, queryKey, fetchTargets, saved, amountName = 'amount' }: UseAllocationsOptions) {
  const query = useQuery({ queryKey: queryKey(partyId ?? 0), queryFn: () => fetchTargets(partyId ?? 0), enabled: partyId !== undefined });
  const targets = partyId !== undefined ? (query.data ?? []) : [];
  // Whose documents the rows are of: the rows start afresh when another party's are read.
  const rowsOf = useRef<number | undefined>(undefined);
  const loaded = partyId !== undefined && query.isSuccess ? query.data : undefined;

  useEffect(() => {
    if (!loaded || partyId === undefined || rowsOf.current === partyId) return;
    const first = rowsOf.current === undefined && saved?.partyId === partyId;
    rowsOf.current = partyId;
    if (first) {
      const rows: AllocationRow[] = loaded.map((t) => ({ targetId: t.id, amount: saved.amounts.get(t.id) ?? '' }));
      // A saved allocation to a document no longer open stays, so the server says why it is refused.
      for (const [targetId, amount] of saved.amounts) if (!loaded.some((t) => t.id === targetId)) rows.push({ targetId, amount });
      form.setFieldValue('allocations', rows);
    } else {
      form.setFieldValue('allocations', proposeAllocations(loaded, form.getFieldValue(amountName) as string | undefined));
    }
  }, [loaded, partyId, saved, form, amountName]);

  const propose = (amount: string | null | undefined) => form.setFieldValue('allocations', proposeAllocations(targets, amount));
  const forget = () => {
    rowsOf.current = undefined;
    form.setFieldValue('allocations', []);
  };
  return { query, targets, propose, forget };
}
