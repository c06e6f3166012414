import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { clearCheques } from '../money/money.api.ts';

/** A line matched to a cheque (issue 33, section 4): by auto-match under a rule, or by hand. */
export interface ChequeClaim {
  lineId: number;
  lineDate: string;
  chequeId: number;
  ruleId: number | null;
}

/**
 * Cheques matched: each claimed by its match row (one another line holds already is answered in
 * `unclaimed`), then cleared through money's clearCheques dated its line's date (Dr the bank or
 * Cr it, money's own posting), and the clearing's ledger row kept on its match. A cheque whose
 * clearing money refuses (dated before its deposit...) loses its match row again and is answered
 * in `refused`, by cheque id, with its line and money's error; the lines matched in `matched`.
 */
export async function matchCheques(tx: Tx, actor: Actor, accountId: number, claims: readonly ChequeClaim[]) {
  const sorted = [...claims].sort((a, b) => a.chequeId - b.chequeId);
  const rows = sorted.length === 0 ? [] : await queryRows<{ id: number; chequeId: number }>(
    tx,
    sql`INSERT INTO bank_statement_matches (line_id, bank_account_id, cheque_id, rule_id, created_by)
        SELECT p.line_id, ${accountId}::int, p.cheque_id, p.rule_id, ${actor.userId}::int
        FROM unnest(${intArray(sorted.map((c) => c.lineId))}, ${intArray(sorted.map((c) => c.chequeId))}, ${intArray(sorted.map((c) => c.ruleId))}) WITH ORDINALITY AS p(line_id, cheque_id, rule_id, n)
        ORDER BY p.n
        ON CONFLICT DO NOTHING
        RETURNING id, cheque_id AS "chequeId"`,
  );
  const matchOf = new Map(rows.map((r) => [Number(r.chequeId), Number(r.id)]));
  const claimed = sorted.filter((c) => matchOf.has(c.chequeId));
  const { cleared, refused } = await clearCheques(tx, actor, claimed.map((c) => ({ chequeId: c.chequeId, clearDate: c.lineDate })));
  const matchIds = (chequeIds: Iterable<number>) => intArray([...chequeIds].map((id) => matchOf.get(id)!));
  if (refused.size > 0) await tx.execute(sql`DELETE FROM bank_statement_matches WHERE id = ANY(${matchIds(refused.keys())})`);
  if (cleared.length > 0) {
    await tx.execute(
      sql`UPDATE bank_statement_matches m SET gl_entry_id = (SELECT max(g.id) FROM gl_entries g WHERE g.document_type = 'cheques' AND g.document_id = m.cheque_id AND g.account_id = m.bank_account_id)
          WHERE m.id = ANY(${matchIds(cleared)})`,
    );
  }
  const lineOf = new Map(claimed.map((c) => [c.chequeId, c.lineId]));
  return {
    matched: new Set(cleared.map((id) => lineOf.get(id)!)),
    unclaimed: sorted.filter((c) => !matchOf.has(c.chequeId)).map((c) => c.chequeId),
    refused: new Map([...refused].map(([chequeId, error]) => [chequeId, { lineId: lineOf.get(chequeId)!, error }])),
  };
}
