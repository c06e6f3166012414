import { rentalsArea } from '@erp/domain';
import * as rentalTables from '../../db/schema/rentals.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { placementBinding, rentalReturnBinding } from './placements.binding.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { monthEndJob } from './month-end-job.ts';
import { rentalFigures } from './rental-figures.ts';
import { registerRelocationRoutes } from './relocations.routes.ts';
import { registerRentalRoutes } from './rentals.routes.ts';
import { meterReadingBinding, rentalAssetBinding } from './rental-resources.binding.ts';
import { serviceVisitBinding } from './service-visits.binding.ts';
import { rentalDepositBinding } from './rental-deposits.binding.ts';
import { consignmentBinding } from './consignments.binding.ts';
import { registerConsignmentRoutes } from './consignments.routes.ts';
import * as consignmentTables from '../../db/schema/consignments.ts';

/** Issue 21, sections 1 and 2: reagent rentals (agreements, placements, returns, months, visits, readings). */
export const rentalsModule: ServerArea = {
  name: 'rentals',
  declaration: rentalsArea,
  tables: { ...rentalTables, ...consignmentTables },
  resources: [rentalAssetBinding, meterReadingBinding],
  documents: [rentalAgreementBinding, placementBinding, rentalReturnBinding, consignmentBinding, serviceVisitBinding, rentalDepositBinding],
  jobs: [monthEndJob],
  figures: rentalFigures,
  openApiTags: [{ name: 'Reagent rentals' }],
  routes: (app) => {
    registerRentalRoutes(app);
    registerConsignmentRoutes(app);
    registerRelocationRoutes(app);
  },
};
