import { defineArea } from '../area/define-area.ts';
import { coldChainSettings } from './cold-chain.settings.ts';
import { storageUnits } from './storage-units.ts';

export * from './storage-units.ts';
export * from './temperature-readings.ts';
export * from './temperature-excursions.ts';
export * from './zoned-time.ts';
export * from './cold-chain.settings.ts';

/** Scopes of the cold chain's writes (issue 31, section 4); the units' own is the declaration's. */
export const temperatureReadingsWriteScope = 'temperature-readings:write';
export const excursionDispositionScope = 'temperature-excursions:disposition';

/** Issue 31, section 3: storage units, their temperature readings and the excursions found in them. */
export const coldChainArea = defineArea({
  name: 'cold-chain',
  settings: coldChainSettings,
  imports: ['temperature-readings'],
  resources: [storageUnits],
  scopes: [storageUnits.writeScope, temperatureReadingsWriteScope, excursionDispositionScope],
  // Issue 31: the operation manager (the Responsible Person) decides on excursions and keeps the units; readings are also the inventory supervisor's.
  defaultScopes: {
    operationManager: [excursionDispositionScope, storageUnits.writeScope, temperatureReadingsWriteScope],
    inventorySupervisor: [temperatureReadingsWriteScope],
  },
});
