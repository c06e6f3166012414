import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * A document's gapless number, `<prefix>-<year>-<6 digits>`. Numbering belongs to the document
 * machinery; the ledgers (ledger/) call it when a posting takes the number in its own
 * statement, so lib/document never imports ledger/.
 */

/**
 * A data-modifying statement to run inside the statement that takes the number, given the
 * number as SQL (the document's own UPDATE, its audit row): it then takes no round trip of its
 * own while the sequence row is locked.
 */
export type AlongsideStatement = (documentNumber: SQL) => SQL;

/**
 * The next number of a document type in the year of `date`, as a statement answering
 * `document_number` (the format of the domain's `documentNumber`). The upsert holds the
 * sequence row's lock until the caller commits, so concurrent posters take turns and a
 * rolled-back posting gives its number back: numbers are gapless.
 */
export function nextNumberSql(prefix: string, date: string): SQL {
  const year = Number(date.slice(0, 4));
  return sql`INSERT INTO document_sequences (doc_type, year, last_number) VALUES (${prefix}, ${year}, 1)
    ON CONFLICT (doc_type, year) DO UPDATE SET last_number = document_sequences.last_number + 1
    RETURNING ${`${prefix}-${String(year).padStart(4, '0')}-`}::text || CASE WHEN last_number < 1000000 THEN lpad(last_number::text, 6, '0') ELSE last_number::text END AS document_number`;
}

/** Takes the next number now (a document numbered before its rows are written). */
export async function allocateDocumentNumber(tx: Tx, prefix: string, date: string): Promise<string> {
  const [row] = await queryRows<{ document_number: string }>(tx, nextNumberSql(prefix, date));
  return row!.document_number;
}

/** Takes the number, then runs the statements with it (a posting that writes no ledger rows). */
export async function numberWith(tx: Tx, prefix: string, date: string, statements: readonly AlongsideStatement[]): Promise<string> {
  const documentNumber = await allocateDocumentNumber(tx, prefix, date);
  for (const statement of statements) await tx.execute(statement(sql`${documentNumber}::text`));
  return documentNumber;
}

/**
 * `count` consecutive numbers of a document type at once (a pay run paid by one payment per
 * employee): `reserve` is a statement answering `last_number`, the last of them, under the
 * sequence row's lock as `nextNumberSql`; `numberOf(last, ordinal)` the SQL of the ordinal-th
 * (1-based) in the same format. Gapless as one at a time: they commit or roll back together.
 */
export function reserveNumbersSql(prefix: string, date: string, count: number): { reserve: SQL; numberOf: (last: SQL, ordinal: SQL) => SQL } {
  const year = Number(date.slice(0, 4));
  return {
    reserve: sql`INSERT INTO document_sequences (doc_type, year, last_number) VALUES (${prefix}, ${year}, ${count}::int)
      ON CONFLICT (doc_type, year) DO UPDATE SET last_number = document_sequences.last_number + ${count}::int
      RETURNING last_number`,
    numberOf: (last, ordinal) => {
      const n = sql`(${last} - ${count}::int + ${ordinal})`;
      return sql`${`${prefix}-${String(year).padStart(4, '0')}-`}::text || CASE WHEN ${n} < 1000000 THEN lpad(${n}::text, 6, '0') ELSE ${n}::text END`;
    },
  };
}
