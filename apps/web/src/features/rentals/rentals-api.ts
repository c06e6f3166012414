import { placementDocument, rentalAgreementDocument, rentalReturnDocument } from '@erp/domain';
import { queryAddress } from '../../components/document/document-address.ts';
import { http } from '../../lib/http.ts';

/** Agreements open on /reagent-rentals?open=<id>; placements and returns on their tabs. */
export const agreementAddress = queryAddress(rentalAgreementDocument.route, {});
export const placementAddress = queryAddress(placementDocument.route, { tab: 'placements' });
export const returnAddress = queryAddress(rentalReturnDocument.route, { tab: 'returns' });

export interface RentalAgreementRow {
  id: number;
  documentNumber: string | null;
  status: string;
  customerId: number;
  customerName: string;
  regionId: number;
  regionName: string;
  rentalAssetId: number;
  serialNumber: string;
  itemName: string;
  assetInventoryId: number;
  /** The agreement the unit stands under now: another one's means this approved agreement takes it by a relocation. */
  assetAgreementId: number | null;
  assetAgreementNumber: string | null;
  startDate: string;
  termMonths: number;
  billingModel: 'minimumPurchase' | 'perTest';
  monthlyCommitment: string;
  eligibleItemIds: number[];
  eligibleCategoryIds: number[];
  accessoryInventoryIds: number[];
  shortfallMode: 'gap' | 'fixedRent';
  settlementPeriod: 'month' | 'quarter' | 'year';
  pricePerTest: string | null;
  uptimePercent: string;
  downtimeWaiver: boolean;
  maintenanceMonths: number | null;
  deposit: string | null;
  earlyExitPercent: string | null;
  autoRenew: boolean;
  noticeDays: number | null;
  jointVentureId: number | null;
  salespersonId: number | null;
  notes: string;
  endDate: string | null;
  depositReceivedOn: string | null;
  placementDate: string | null;
  earlyExitInvoiceId: number | null;
}

export interface PeriodRow {
  month: string;
  commitment: string;
  eligible: string;
  carryIn: string;
  shortfall: string;
  tests: number;
  settles: boolean;
  invoiceId: number | null;
  invoiceNumber: string | null;
  status: 'current' | 'open' | 'carried' | 'settled' | 'invoiced';
}

export interface PeriodsAnswer {
  data: PeriodRow[];
  alerts: Array<{ kind: string; message: string }>;
  idleInRegion: number;
}

export interface PnlAnswer {
  months: Array<{ month: string; reagentMargin: string; depreciation: string; serviceCost: string; rentalIncome: string; profit: string; cumulative: string }>;
  totals: { reagentRevenue: string; reagentMargin: string; depreciation: string; serviceCost: string; rentalIncome: string; profit: string };
  ledgerProfit: string;
  cost: string;
  paybackMonth: string | null;
  breakEven: { lifeMonths: number; monthlyService: string; marginPercent: string; commitment: string };
}

export const rentalKeys = {
  periods: (id: number) => [rentalAgreementDocument.name, 'periods', id] as const,
  pnl: (id: number) => [rentalAgreementDocument.name, 'pnl', id] as const,
};

export async function fetchPeriods(id: number): Promise<PeriodsAnswer> {
  const { data } = await http.get<PeriodsAnswer>(`/api/rental-agreements/${id}/periods`);
  return data;
}

export async function fetchPnl(id: number): Promise<PnlAnswer> {
  const { data } = await http.get<{ data: PnlAnswer }>(`/api/rental-agreements/${id}/pnl`);
  return data.data;
}

export interface MonthEndProgress {
  month: string;
  status: string;
  processed: number;
  invoices: number;
  invoiced: string;
  error: string | null;
}

export async function startMonthEnd(month: string): Promise<number> {
  const { data } = await http.post<{ jobId: number }>('/api/rental-agreements/month-end', { month });
  return data.jobId;
}

export async function fetchMonthEnd(jobId: number): Promise<MonthEndProgress> {
  const { data } = await http.get<{ data: MonthEndProgress }>(`/api/rental-agreements/month-end/${jobId}`);
  return data.data;
}
