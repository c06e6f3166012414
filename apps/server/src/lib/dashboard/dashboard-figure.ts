import type { DashboardBoardId, FigureDrill, FigureRow, FigureUnit } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { Actor } from '../actor.ts';

/** What a figure's SQL and drill-down are computed for: the caller (their row scope) and the day. */
export interface FigureContext {
  actor: Actor;
  /** Today, ISO. */
  today: string;
  /** The first and last day of this month. */
  monthStart: string;
  monthEnd: string;
  /** The first day of this month last year, and today last year (the same elapsed part). */
  lastYearMonthStart: string;
  lastYearToday: string;
}

/** The boards an area's figure is on; the owner's board takes every figure anyway (dashboard-registry.ts). */
export type FigureBoard = DashboardBoardId;

/** The statement's single row, as the driver hands it back. */
export type FigureRowValues = Record<string, unknown>;

/**
 * One figure of an area (issue 18, section 1). Its value is read from its statement's row;
 * its drill-down is the list screen that adds up to it with the same filter, and `list`
 * names that screen's API and where its total sits, so the registry's test can check every
 * figure against its list without a line per figure.
 */
export interface FigureDefinition {
  id: string;
  label: string;
  unit: FigureUnit;
  boards: readonly FigureBoard[];
  value(row: FigureRowValues): string;
  /** The same elapsed part of last year, or (once sales plans exist) the plan: the hook for a comparison. */
  compare?(row: FigureRowValues): { label: string; value: string; unit: FigureUnit } | undefined;
  rows?(row: FigureRowValues): FigureRow[];
  drill(context: FigureContext): FigureDrill;
  list(context: FigureContext): { url: string; total(body: Record<string, unknown>): string };
}

/**
 * One SQL statement of an area's figures, answering one row: several figures of one scan
 * share it (the receivables and their buckets), so a board costs one statement per entry,
 * whatever the volume. `scope` names the row scopes its SQL narrows by (permissions); the
 * dashboard's test checks that a statement declaring `regions` reads differently for a
 * one-region caller.
 */
export interface FigureStatement {
  id: string;
  scope: readonly ('regions' | 'categories')[];
  /** Reads many rows (every open invoice, the lots near expiry): started before the others, so the board waits for it the least. */
  heavy?: boolean;
  sql(context: FigureContext): SQL;
  figures: readonly FigureDefinition[];
}
