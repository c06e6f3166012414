import { fbrSubmissionListQuerySchema } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { countValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { listWhere } from './fbr-submissions.service.ts';

// The list's own filter, so the figure and the list it drills into cannot disagree.
const awaiting = fbrSubmissionListQuerySchema.parse({ awaiting: 'true' });

/** Issue 30, section 8: the submissions FBR has not accepted yet, in the caller's regions (the partial index of awaiting rows). */
export const fbrFigures: readonly FigureStatement[] = [
  {
    id: 'fbr-awaiting',
    scope: ['regions'],
    sql: (c) => sql`SELECT count(*)::int AS n FROM fbr_submissions s WHERE ${listWhere(c.actor, awaiting)}`,
    figures: [
      {
        id: 'fbr-awaiting',
        label: 'Invoices awaiting FBR',
        unit: 'count',
        boards: ['accounts'],
        value: (row) => countValue(row.n),
        drill: () => ({ route: '/invoices', query: { tab: 'fbr', awaiting: 'true' } }),
        list: () => ({ url: '/api/fbr-submissions?awaiting=true', total: (body) => String(body.total) }),
      },
    ],
  },
];
