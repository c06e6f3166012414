import { sql } from 'drizzle-orm';
import { countValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { recallBinding } from './recalls.binding.ts';

/** Issue 31, section 4: open recalls, from the recalls list's own filter (company-wide: every role with /inventory sees them all). */
export const recallFigures: readonly FigureStatement[] = [
  {
    id: 'recalls-open',
    scope: [],
    sql: (c) => sql`SELECT count(*)::int AS n FROM recalls WHERE ${documentListWhere(recallBinding, { status: 'open' } as DocumentListQuery, c.actor) ?? sql`true`}`,
    figures: [
      {
        id: 'recalls-open',
        label: 'Open recalls',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.n),
        drill: () => ({ route: '/inventory', query: { tab: 'recalls', status: 'open' } }),
        list: () => ({ url: '/api/recalls?status=open', total: (body) => String(body.total) }),
      },
    ],
  },
];
