import { canAccessPath, type DashboardBoardId, type DashboardFigure, type DashboardResponse, figureUnavailableMessage, fromMinorUnits, monthEnd, monthStart, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../actor.ts';
import type { FigureContext, FigureDefinition, FigureRowValues, FigureStatement } from './dashboard-figure.ts';

/** A statement over this is abandoned and its figures answer an error (the others still show). */
export const figureTimeoutMs = 2000;
/** Statements of one board run at most this many at a time on PostgreSQL (the pool serves other requests too). */
export const figureConcurrency = 4;

/** The same day a year earlier; 29 February falls back to the 28th. */
function lastYear(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function figureContext(actor: Actor, now = new Date()): FigureContext {
  const today = todayIso(now);
  const lastYearToday = lastYear(today);
  return { actor, today, monthStart: monthStart(today), monthEnd: monthEnd(today), lastYearMonthStart: monthStart(lastYearToday), lastYearToday };
}

/**
 * A board's statements with the figures of each that are on it (the owner's board has every
 * figure) and that the caller may open the list of: a role given /dashboard without, say,
 * /cheques sees no cheque figure, and its statement is not run.
 */
export function boardStatements(statements: readonly FigureStatement[], board: DashboardBoardId, context: FigureContext): { statement: FigureStatement; figures: FigureDefinition[] }[] {
  return statements.flatMap((statement) => {
    const figures = statement.figures.filter((f) => (board === 'owner' || f.boards.includes(board)) && canAccessPath(context.actor.role, f.drill(context).route));
    return figures.length ? [{ statement, figures }] : [];
  });
}

/** Runs `tasks` at most `limit` at a time, in order when `limit` is 1. */
async function bounded<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** A statement abandoned after the limit (left to finish unread). */
class FigureTimeout extends Error {}

/** A read, or its failure or timeout as an Error. */
async function withinLimit<T>(id: string, read: Promise<T>): Promise<T | Error> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new FigureTimeout(`Statement ${id} took over ${figureTimeoutMs} ms`)), figureTimeoutMs);
  });
  try {
    return await Promise.race([read.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The statement's row, or the reason it has none. */
function runStatement(executor: Executor, statement: FigureStatement, context: FigureContext): Promise<FigureRowValues | Error> {
  return withinLimit(statement.id, queryRows<FigureRowValues>(executor, statement.sql(context)).then((rows) => rows[0] ?? {}));
}

/**
 * The light statements (counts and sums over indexes) read in ONE statement, so a board keeps
 * its bound of statements however many figures the areas add (issue 18: at most 15). Each
 * part's row comes back as text by column (json_each_text: numbers in PostgreSQL's own text,
 * never through a float; a json column as its text, which the figures read with jsonValue).
 * When the statement fails, each part runs alone, so only the failing one shows "-, retry";
 * when it outlives the limit, its figures all do.
 */
async function runTogether(executor: Executor, statements: readonly FigureStatement[], context: FigureContext): Promise<(FigureRowValues | Error)[]> {
  if (statements.length <= 1) return Promise.all(statements.map((s) => runStatement(executor, s, context)));
  const parts = statements.map(
    (s, i) =>
      sql`(SELECT json_object_agg(j.key, j.value) FROM json_each_text((SELECT row_to_json(p) FROM (${s.sql(context)}) p LIMIT 1)) j) AS ${sql.identifier(`p${i}`)}`,
  );
  const together = await withinLimit(
    statements.map((s) => s.id).join('+'),
    queryRows<Record<string, unknown>>(executor, sql`SELECT ${sql.join(parts, sql`, `)}`).then((rows) => rows[0] ?? {}),
  );
  if (together instanceof Error && !(together instanceof FigureTimeout)) {
    return Promise.all(statements.map((s) => runStatement(executor, s, context)));
  }
  return statements.map((_, i) => (together instanceof Error ? together : ((together[`p${i}`] as FigureRowValues | null) ?? {})));
}

function figureOf(definition: FigureDefinition, row: FigureRowValues | Error, context: FigureContext): DashboardFigure {
  const head = { id: definition.id, label: definition.label, unit: definition.unit, drill: definition.drill(context) };
  if (row instanceof Error) return { ...head, value: null, error: figureUnavailableMessage };
  try {
    const compare = definition.compare?.(row);
    const rows = definition.rows?.(row);
    return { ...head, value: definition.value(row), ...(compare ? { compare } : {}), ...(rows ? { rows } : {}) };
  } catch {
    return { ...head, value: null, error: figureUnavailableMessage };
  }
}

export interface BoardReading {
  response: DashboardResponse;
  /** Statements that failed or timed out, for the log. */
  failures: Error[];
}

/**
 * One board for one caller: each statement once (the light ones together), narrowed by the caller's row scope inside
 * its SQL; in parallel (bounded) on PostgreSQL, one after another on PGlite (one connection).
 * Nothing is cached: a posting shows in the very next reading.
 */
export async function readBoard(executor: Executor, kind: 'pglite' | 'postgres', statements: readonly FigureStatement[], actor: Actor, board: DashboardBoardId, now = new Date()): Promise<BoardReading> {
  const context = figureContext(actor, now);
  const parts = boardStatements(statements, board, context);
  // The heavy ones each alone and started first (with a bounded pool, one started last would hold
  // the whole board), the light ones together last; answered in the board's order.
  const heavy = parts.flatMap((p, i) => (p.statement.heavy ? [i] : []));
  const light = parts.flatMap((p, i) => (p.statement.heavy ? [] : [i]));
  const tasks: (() => Promise<(FigureRowValues | Error)[]>)[] = [
    ...heavy.map((i) => async () => [await runStatement(executor, parts[i]!.statement, context)]),
    ...(light.length ? [() => runTogether(executor, light.map((i) => parts[i]!.statement), context)] : []),
  ];
  const started = (await bounded(tasks, kind === 'postgres' ? figureConcurrency : 1)).flat();
  const rows = new Array<(typeof started)[number]>(parts.length);
  [...heavy, ...light].forEach((i, n) => (rows[i] = started[n]!));
  return {
    response: { board, asOf: now.toISOString(), figures: parts.flatMap(({ figures }, i) => figures.map((f) => figureOf(f, rows[i]!, context))) },
    failures: rows.filter((row): row is Error => row instanceof Error),
  };
}

/** A numeric column as money to the cent (a missing sum is zero). */
export const moneyValue = (value: unknown): string => fromMinorUnits(toMinorUnits(value === null || value === undefined ? '0' : String(value)));
/** A count or quantity column as a whole number. */
export const countValue = (value: unknown): string => String(BigInt(value === null || value === undefined ? 0 : String(value)));
