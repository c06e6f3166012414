import { formatCalendarDate, type Gs1Scan } from '@erp/domain';
import { errorMessage, fieldErrorsOf, http } from '../../lib/http.ts';

/** What the server read from a scan (`POST /api/gs1/parse`): the domain's reading. */
export type { Gs1Scan };

/** What a scanned pack is (`POST /api/gs1/lookup`): its GTIN's link, item, units and the region's lot of its number. */
export interface ScanLookup {
  scan: Gs1Scan;
  link: { gtin: string; packLevel: string; unitsPerPack: number } | null;
  item: { id: number; itemName: string; articleNumber: string; lotTracked: boolean; storageCondition: string } | null;
  quantity: number | null;
  lot: { inventoryId: number; lotNumber: string; dateExpiry: string | null; quantity: number; lotStatus: string; expiryMatches: boolean | null } | null;
}

export async function parseScan(scan: string): Promise<Gs1Scan> {
  return (await http.post<{ data: Gs1Scan }>('/api/gs1/parse', { scan })).data.data;
}

export async function lookupScan(body: { scan: string; regionId?: number | null }): Promise<ScanLookup> {
  const { regionId, scan } = body;
  return (await http.post<{ data: ScanLookup }>('/api/gs1/lookup', regionId ? { scan, regionId } : { scan })).data.data;
}

/** The words a refused scan shows: the server's message for the scan field, else the call's. */
export function scanRefusal(error: unknown): string {
  return fieldErrorsOf(error)?.scan ?? errorMessage(error);
}

/** "Item · lot L · expires 31 Dec 2026" of what a scan read, the parts it has. */
export function scanSummary(itemName: string | null | undefined, scan: Pick<Gs1Scan, 'gtin' | 'lot' | 'expiry' | 'serial'>): string {
  return [
    itemName ?? (scan.gtin ? `GTIN ${scan.gtin}` : null),
    scan.lot ? `lot ${scan.lot}` : null,
    scan.expiry ? `expires ${formatCalendarDate(scan.expiry)}` : null,
    scan.serial ? `serial ${scan.serial}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
