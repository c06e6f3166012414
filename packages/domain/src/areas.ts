import { type AreasFold, foldAreas, type ImportKindsOf, postingAccountsSchemaOf, type PostingKeysOf } from './area/define-area.ts';
import { bindAreaDefaultScopes } from './access/scopes.ts';
import { accountingArea } from './accounting/accounting.area.ts';
import { assetsArea } from './assets/assets.area.ts';
import { hrArea } from './hr/hr.area.ts';
import { payrollArea } from './payroll/payroll.area.ts';
import { inventoryArea } from './inventory/inventory.area.ts';
import { moneyArea } from './money/money.area.ts';
import { orderingArea } from './ordering/ordering.area.ts';
import { planningArea } from './planning/planning.area.ts';
import { purchasingArea } from './purchasing/purchasing.area.ts';
import { rentalsArea } from './rentals/rentals.area.ts';
import { salesArea } from './sales/sales.area.ts';
import { setupArea } from './setup/setup.area.ts';
import { venturesArea } from './ventures/ventures.area.ts';
import { fbrArea } from './fbr/fbr.area.ts';
import { recallsArea } from './recalls/recalls.area.ts';
import { coldChainArea } from './cold-chain/cold-chain.area.ts';
import { licencesArea } from './licences/licences.area.ts';
import { gs1Area } from './gs1/gs1.area.ts';
import { currenciesArea } from './currencies/currencies.area.ts';
import { landedCostsArea } from './landed-costs/landed-costs.area.ts';
import { bankingArea } from './banking/banking.area.ts';

// Each area's public declarations: an area adds its line here and to `areas` below, nowhere else.
export * from './setup/setup.area.ts';
export * from './accounting/accounting.area.ts';
export * from './inventory/inventory.area.ts';
export * from './purchasing/purchasing.area.ts';
export * from './sales/sales.area.ts';
export * from './money/money.area.ts';
export * from './hr/hr.area.ts';
export * from './payroll/payroll.area.ts';
export * from './assets/assets.area.ts';
export * from './ordering/ordering.area.ts';
export * from './planning/planning.area.ts';
export * from './rentals/rentals.area.ts';
export * from './ventures/ventures.area.ts';
export * from './fbr/fbr.area.ts';
export * from './recalls/recalls.area.ts';
export * from './cold-chain/cold-chain.area.ts';
export * from './licences/licences.area.ts';
export * from './gs1/gs1.area.ts';
export * from './currencies/currencies.area.ts';
export * from './landed-costs/landed-costs.area.ts';
export * from './banking/banking.area.ts';

/** Every business area of the domain, folded once into the lists below. */
export const areas = [
  setupArea,
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
  rentalsArea,
  venturesArea,
  fbrArea,
  recallsArea,
  coldChainArea,
  licencesArea,
  gs1Area,
  currenciesArea,
  landedCostsArea,
  bankingArea,
] as const;

export const areasFold: AreasFold = foldAreas(areas);
bindAreaDefaultScopes(areasFold.defaultScopes);

/** Scopes an admin may grant on the user screen: every area's, then the general ones. */
export const knownScopes: readonly string[] = areasFold.scopes;

/** The accounts postings need, chosen in settings (the default chart fills them in), in the chart's order. */
export const postingAccountKeys = areasFold.postingAccounts.map(({ key, label }) => ({ key: key as PostingAccountKey, label }));

export type PostingAccountKey = PostingKeysOf<(typeof areas)[number]>;

/** The kinds of import, each on its area's screen: /items, /vendors, /inventory. */
export const importKinds = areasFold.imports as readonly ImportKindName[];
export type ImportKindName = ImportKindsOf<(typeof areas)[number]>;

export const postingAccountsSchema = postingAccountsSchemaOf(postingAccountKeys);
