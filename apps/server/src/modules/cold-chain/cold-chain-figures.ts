import { excursionListQuerySchema, storageUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { countValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { listQuerySchemaOf } from '../../lib/resource/resource-list-query.ts';
import { planResourceQueries, type ResourceQueryPlan, resourceListWhere } from '../../lib/resource/resource-query.ts';
import { companySettingSql } from '../setup/setup.api.ts';
import { storageUnitBinding } from './storage-units.binding.ts';
import { excursionListWhere } from './temperature-excursions.service.ts';

// Planned on first use: the tables of every area are bound by then.
let unitsPlan: ResourceQueryPlan | undefined;
const unitsWhere = (c: FigureContext) => resourceListWhere((unitsPlan ??= planResourceQueries(storageUnitBinding)), listQuerySchemaOf(storageUnits).parse({ inExcursion: 'true' }), c.actor) ?? sql`true`;
// The lists' own filters, so a figure and the list it drills into cannot disagree.
const awaiting = excursionListQuerySchema.parse({ status: 'awaitingDisposition' });

/** Issue 31, section 4: units in an excursion and excursions awaiting a decision, in the caller's regions (one light statement). */
export const coldChainFigures: readonly FigureStatement[] = [
  {
    id: 'cold-chain',
    scope: ['regions'],
    sql: (c) => sql`SELECT (SELECT count(*)::int FROM storage_units WHERE ${unitsWhere(c)}) AS units,
                           (SELECT count(*)::int FROM temperature_excursions e WHERE ${excursionListWhere(c.actor, awaiting, companySettingSql('timeZone'))}) AS awaiting`,
    figures: [
      {
        id: 'storage-units-in-excursion',
        label: 'Storage units in excursion',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.units),
        drill: () => ({ route: '/inventory', query: { tab: 'cold-chain', inExcursion: 'true' } }),
        list: () => ({ url: '/api/storage-units?inExcursion=true', total: (body) => String(body.total) }),
      },
      {
        id: 'excursions-awaiting-disposition',
        label: 'Excursions awaiting disposition',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.awaiting),
        drill: () => ({ route: '/inventory', query: { tab: 'cold-chain', status: 'awaitingDisposition' } }),
        list: () => ({ url: '/api/temperature-excursions?status=awaitingDisposition', total: (body) => String(body.total) }),
      },
    ],
  },
];
