import { jsonValue } from '../../db/client.ts';

/**
 * The ids a document's lines INSERT gave (`RETURNING id, line_no`, gathered with `json_agg`), by
 * line number: a handler answers the draft as written, line ids included, without reading it again.
 */
export function lineIdsOf(value: unknown): Map<number, number> {
  return new Map((jsonValue<Array<{ id: number; line_no: number }> | null>(value) ?? []).map((l) => [Number(l.line_no), Number(l.id)]));
}
