import type { ImportChargeInput, ImportShipmentInput } from './import-shipment.document.ts';
import type { ShipmentPreview } from './landed-cost-split.ts';

/** A stored charge as answered: its input, its currency, rate and company amount, and what was paid of a vendor's bill. */
export interface ImportChargeRow extends ImportChargeInput {
  id: number;
  lineNo: number;
  currency: string;
  exchangeRate: string;
  companyAmount: string;
  paidAmount: string | null;
  /** The vendor's name, or the account's code and name. */
  partyName?: string;
  chargeNo?: number;
  capitalised?: boolean;
}

/** An import shipment as the API answers it (docs/api/landed-costs.md). */
export interface ImportShipmentDetail extends Omit<ImportShipmentInput, 'charges'> {
  [key: string]: unknown;
  id: number;
  status: 'draft' | 'posted' | 'cancelled';
  documentNumber: string | null;
  regionId: number | null;
  goodsReceiptNumbers: string[];
  totalAmount: string;
  capitalisedAmount: string;
  toInventory: string;
  toCostOfSales: string;
  moveMark: number | null;
  charges: ImportChargeRow[];
  /** The preview (a draft) or what was posted, on a single shipment's answer. */
  lines?: ShipmentPreview['lines'] | null;
  totals?: ShipmentPreview['totals'] | null;
}
