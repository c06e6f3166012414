import { accountArea } from '../features/account/account.area.ts';
import { accountingArea } from '../features/accounting/accounting.area.ts';
import { assetsArea } from '../features/assets/assets.area.ts';
import { dashboardArea } from '../features/dashboard/dashboard.area.ts';
import { hrArea } from '../features/hr/hr.area.ts';
import { inventoryArea } from '../features/inventory/inventory.area.ts';
import { moneyArea } from '../features/money/money.area.ts';
import { payrollArea } from '../features/payroll/payroll.area.ts';
import { orderingArea } from '../features/ordering/ordering.area.ts';
import { planningArea } from '../features/planning/planning.area.ts';
import { purchasingArea } from '../features/purchasing/purchasing.area.ts';
import { rentalsArea } from '../features/rentals/rentals.area.ts';
import { salesArea } from '../features/sales/sales.area.ts';
import { settingsArea } from '../features/settings/settings.area.ts';
import { setupArea } from '../features/setup/setup.area.ts';
import { usersArea } from '../features/users/users.area.ts';
import { venturesArea } from '../features/ventures/ventures.area.ts';
import { fbrArea } from '../features/fbr/fbr.area.ts';
import { recallsArea } from '../features/recalls/recalls.area.ts';
import { coldChainArea } from '../features/cold-chain/cold-chain.area.ts';
import { licencesArea } from '../features/licences/licences.area.ts';
import { gs1Area } from '../features/gs1/gs1.area.ts';
import { currenciesArea } from '../features/currencies/currencies.area.ts';
import { landedCostsArea } from '../features/landed-costs/landed-costs.area.ts';
import { bankingArea } from '../features/banking/banking.area.ts';
import { foldAreas } from '../lib/areas/fold-areas.ts';

/**
 * The web's one list of areas: a new area adds its manifest (`features/<area>/<area>.area.ts`)
 * here and edits no other shared file. Screens, titles, document links and status colours all
 * derive from this fold (app/screens.tsx; components read the rest through lib/areas).
 */
export const areas = [
  setupArea,
  usersArea,
  settingsArea,
  accountArea,
  accountingArea,
  inventoryArea,
  purchasingArea,
  salesArea,
  moneyArea,
  hrArea,
  payrollArea,
  assetsArea,
  planningArea,
  orderingArea,
  venturesArea,
  fbrArea,
  recallsArea,
  coldChainArea,
  licencesArea,
  gs1Area,
  currenciesArea,
  landedCostsArea,
  bankingArea,
  rentalsArea,
  dashboardArea,
] as const;

export const areaFold = foldAreas(areas);
