import type { DocumentStamps } from '../document/document-stamps.ts';
import type { DepreciationMethod, assetDocument } from './asset.document.ts';
import type { depreciationRunDocument } from './depreciation-run.document.ts';
import type { ScheduleRow } from './depreciation.ts';

/** An asset as GET /api/assets/:id answers it (docs/api/assets.md, Assets): decimals as strings; server and web share it. */
export interface AssetDetail extends DocumentStamps {
  id: number;
  documentNumber: string | null;
  status: (typeof assetDocument.states)[number];
  assetName: string;
  assetCategoryId: number;
  assetCategoryName: string;
  regionId: number;
  regionName: string;
  purchaseDate: string;
  cost: string;
  salvageValue: string;
  usefulLifeMonths: number;
  depreciationMethod: DepreciationMethod;
  custodianEmployeeId: number | null;
  custodianUserId: number | null;
  custodianName: string | null;
  paymentAccountId: number | null;
  paymentAccountName: string | null;
  vendorId: number | null;
  vendorName: string | null;
  notes: string;
  accumulatedDepreciation: string;
  bookValue: string;
  depreciatedThrough: string | null;
  disposalKind: 'sale' | 'writeOff' | null;
  disposalDate: string | null;
  disposalProceeds: string | null;
  disposalAccountId: number | null;
  disposalGain: string | null;
  disposedAt: string | Date | null;
  disposedBy: number | null;
  [key: string]: unknown;
}

/** A month of GET /api/assets/:id/schedule: the computed schedule, and whether a run has charged that month. */
export interface AssetScheduleRow extends ScheduleRow {
  posted: boolean;
}

/** A depreciation run as the API answers it; while `running`, the counts are the job's progress. */
export interface DepreciationRunDetail extends DocumentStamps {
  id: number;
  documentNumber: string | null;
  status: (typeof depreciationRunDocument.states)[number];
  /** `YYYY-MM`. */
  month: string;
  /** The month's last day: the entries' date. */
  runDate: string;
  totalAssets: number;
  processedAssets: number;
  totalAmount: string;
  error: string | null;
  [key: string]: unknown;
}
