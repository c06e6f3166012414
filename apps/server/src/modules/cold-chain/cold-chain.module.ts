import { coldChainArea } from '@erp/domain';
import { sql } from 'drizzle-orm';
import * as coldChainTables from '../../db/schema/cold-chain.ts';
import { registerAuditedRecords } from '../../lib/audit-scope.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { coldChainFigures } from './cold-chain-figures.ts';
import { coldChainDocumentHooks } from './cold-chain-hooks.ts';
import { registerColdChainRoutes } from './cold-chain.routes.ts';
import { storageUnitBinding, unitRegionScope } from './storage-units.binding.ts';
import { excursionScope } from './temperature-excursions.service.ts';
import { temperatureReadingsImport } from './temperature-readings.import.ts';

// A user kept to regions reads the audit rows of the readings and excursions of their units.
registerAuditedRecords('temperature-readings', {
  table: coldChainTables.temperatureReadings,
  id: coldChainTables.temperatureReadings.id,
  scope: (actor) => {
    const scope = unitRegionScope(actor, sql`u.region_id`);
    return scope ? sql`${coldChainTables.temperatureReadings.storageUnitId} IN (SELECT u.id FROM storage_units u WHERE ${scope})` : undefined;
  },
});
registerAuditedRecords('temperature-excursions', {
  table: coldChainTables.temperatureExcursions,
  id: coldChainTables.temperatureExcursions.id,
  scope: (actor) => excursionScope(actor, 'temperature_excursions'),
});

/** Issue 31, section 3: storage units, their temperature readings (by hand and logger files) and the excursions that hold lots. */
export const coldChainModule: ServerArea = {
  name: 'cold-chain',
  declaration: coldChainArea,
  tables: coldChainTables,
  resources: [storageUnitBinding],
  imports: [temperatureReadingsImport],
  figures: coldChainFigures,
  // Goods receipts: the lines' storage units and the shipment's logger; an excursion's write-off kept.
  ...coldChainDocumentHooks,
  openApiTags: [
    { name: 'Temperature readings', description: 'The storage units’ temperature record: kept for good, by hand or from logger files' },
    { name: 'Temperature excursions', description: 'Runs of readings outside a unit’s range, the lots they hold and the Responsible Person’s decision' },
  ],
  routes: registerColdChainRoutes,
};
