import type { DocumentStamps } from '../document/document-stamps.ts';
import type { RentalAgreementInput } from './rental-agreement.document.ts';

/**
 * What the reagent rentals API answers (docs/api/rentals.md): the server answers
 * with these types and the web reads them, so neither keeps a copy.
 */

/** An agreement as the API answers it: what it was saved with (every optional field answered, null when unset), and what the server adds. */
export interface RentalAgreementDetail extends DocumentStamps, Required<RentalAgreementInput> {
  id: number;
  documentNumber: string | null;
  status: 'draft' | 'approved' | 'active' | 'suspended' | 'ended' | 'cancelled';
  customerName: string;
  customerAccountId: number;
  regionName: string;
  serialNumber: string;
  itemName: string;
  /** Where the unit stands now: its warehouse lot while in stock (a placement's inventoryId). */
  assetInventoryId: number;
  /** The agreement the unit stands under now (placed elsewhere: the approved agreement may take it by a relocation), and its number. */
  assetAgreementId: number | null;
  assetAgreementNumber: string | null;
  endDate: string | null;
  earlyExitInvoiceId: number | null;
  depositReceivedOn: string | null;
  placementDate: string | null;
  approvedAt: string | Date | null;
  approvedBy: number | null;
  [key: string]: unknown;
}

export type RentalPeriodStatus = 'current' | 'open' | 'carried' | 'settled' | 'invoiced';

/** One month of an agreement as `GET /api/rental-agreements/:id/periods` answers it. */
export interface RentalPeriodView {
  month: string;
  commitment: string;
  eligible: string;
  carryIn: string;
  /** Due on a settlement period's last month; per test: the tests x price of the month. */
  shortfall: string;
  tests: number;
  settles: boolean;
  invoiceId: number | null;
  /** The invoice's number, as the grid links it (issue 27: not its id). */
  invoiceNumber: string | null;
  status: RentalPeriodStatus;
}

export interface RentalAlert {
  kind: 'underCommitment' | 'ending' | 'maintenanceDue';
  message: string;
}

/** `GET /api/rental-agreements/:id/periods`: the months, the agreement's alerts, the idle units of its region. */
export interface RentalPeriodsAnswer {
  data: RentalPeriodView[];
  alerts: RentalAlert[];
  idleInRegion: number;
}

/** One month of an agreement's P&L (issue 21, section 2). */
export interface RentalPnlMonth {
  month: string;
  reagentRevenue: string;
  reagentCost: string;
  reagentMargin: string;
  depreciation: string;
  serviceCost: string;
  rentalIncome: string;
  profit: string;
  cumulative: string;
}

/** `GET /api/rental-agreements/:id/pnl`. */
export interface RentalAgreementPnl {
  months: RentalPnlMonth[];
  totals: Omit<RentalPnlMonth, 'month' | 'cumulative'>;
  /** The income and expense rows of the general ledger stamped with the agreement, summed whole: equals the total profit. */
  ledgerProfit: string;
  cost: string;
  paybackMonth: string | null;
  /** The commitment needed at the agreement's reagent margin (break-even calculator). */
  breakEven: { lifeMonths: number; monthlyService: string; marginPercent: string; commitment: string };
}

/** `GET /api/rental-agreements/month-end/:id`: a month-end run's progress. */
export interface RentalMonthEndProgress {
  month: string;
  status: string;
  processed: number;
  invoices: number;
  invoiced: string;
  error: string | null;
}
