import { z } from 'zod';

/**
 * The dashboard's boards and the shape of a figure (issue 18, section 1). The figures
 * themselves are declared by the server's areas (their SQL runs there); the web reads them.
 */
export const dashboardBoards = [
  { id: 'sales', label: 'Sales' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'warehouse', label: 'Warehouse' },
  { id: 'owner', label: 'Owner' },
] as const;

export type DashboardBoardId = (typeof dashboardBoards)[number]['id'];

/** The boards' ids, as the API's `board` takes them; the owner's board shows every figure. */
export const dashboardBoardIds = dashboardBoards.map((b) => b.id) as [DashboardBoardId, ...DashboardBoardId[]];

export const dashboardQuerySchema = z.object({
  board: z.enum(dashboardBoardIds, { error: `Board must be one of ${dashboardBoardIds.join(', ')}` }),
});

export type FigureUnit = 'money' | 'count' | 'quantity';

/** The list screen behind a figure, with the filter that makes its total the figure. */
export interface FigureDrill {
  route: string;
  query: Record<string, string>;
}

/** A top-N line of a figure (top customers, top items): its label and value. */
export interface FigureRow {
  label: string;
  value: string;
  /** The row against its own plan, a whole percentage (sales against plan by region); null without a plan. */
  percent?: string | null;
}

export interface DashboardFigure {
  id: string;
  label: string;
  unit: FigureUnit;
  /** A decimal string (money to the cent, counts and quantities whole); null when `error`. */
  value: string | null;
  /** What the figure is compared with: the same elapsed part of last year, or a plan. */
  compare?: { label: string; value: string; unit: FigureUnit };
  rows?: FigureRow[];
  drill: FigureDrill;
  /** Set when this figure alone could not be computed (failed, or over the time limit). */
  error?: string;
}

export interface DashboardResponse {
  board: DashboardBoardId;
  /** When the figures were read (ISO timestamp). */
  asOf: string;
  figures: DashboardFigure[];
}

/** The per-figure message when its statement failed or ran over its time. */
export const figureUnavailableMessage = 'Not available, retry';

