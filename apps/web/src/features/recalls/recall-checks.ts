import { type RecallClass, type RecallDetail, recallDocument, type RecallInput, recallProblems, type RecallSource, standardRecallInstructions } from '@erp/domain';
import { problemsOfIssues } from '../../components/document/form-problems.ts';

export interface RecallLineValues {
  itemId?: number | null;
  lotNumber?: string | null;
}

export interface RecallFormValues {
  recallDate?: string | null;
  recallClass?: RecallClass | null;
  source?: RecallSource | null;
  sourceReference?: string | null;
  sourceDate?: string | null;
  reason?: string | null;
  instructions?: string | null;
  notes?: string | null;
  lines?: (RecallLineValues | undefined)[];
}

export const emptyRecallLine = (): RecallLineValues => ({ itemId: undefined, lotNumber: '' });

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** A new recall's values: today, a DRAP alert, the standard instructions, one empty line. */
export function newRecallValues(today: string): RecallFormValues {
  return { recallDate: today, source: 'drapAlert', sourceReference: '', sourceDate: null, reason: '', instructions: standardRecallInstructions, notes: '', lines: [emptyRecallLine()] };
}

export function recallFormValuesOf(recall: RecallDetail): RecallFormValues {
  return {
    recallDate: recall.recallDate,
    recallClass: recall.recallClass,
    source: recall.source,
    sourceReference: recall.sourceReference,
    sourceDate: recall.sourceDate,
    reason: recall.reason,
    instructions: recall.instructions,
    notes: recall.notes,
    lines: recall.lines.map((line) => ({ itemId: line.itemId, lotNumber: line.lotNumber })),
  };
}

/** Form values -> the body the API takes; what is missing stays missing, so the schema names it. */
export function recallBodyOf(values: RecallFormValues): RecallInput {
  return {
    ...(values.recallDate ? { recallDate: values.recallDate } : {}),
    recallClass: values.recallClass ?? (undefined as unknown as RecallClass),
    source: values.source ?? 'drapAlert',
    sourceReference: text(values.sourceReference),
    sourceDate: values.sourceDate ?? null,
    reason: text(values.reason),
    instructions: text(values.instructions),
    notes: text(values.notes),
    lines: (values.lines ?? []).map((line) => ({ itemId: line?.itemId ?? (undefined as unknown as number), lotNumber: text(line?.lotNumber) })),
  };
}

/**
 * What the server would refuse before sending, by field path: the declaration's schema (class,
 * reason, lines' item and lot), a source reference unless internal, each lot once. Whether we
 * ever held the lot, or another open recall has it, comes back from the server on the same paths.
 */
export function recallFormProblems(values: RecallFormValues): Record<string, string> {
  const body = recallBodyOf(values);
  const parsed = recallDocument.inputSchema.safeParse(body);
  const problems = parsed.success ? {} : problemsOfIssues(parsed.error.issues);
  if (!values.recallClass) problems.recallClass = 'Class is required';
  return { ...recallProblems(body), ...problems };
}
