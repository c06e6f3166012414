/**
 * What other areas may use of GS1 (docs/ARCHITECTURE.md, Boundaries): a scan read with the
 * company's separators, and what a scanned pack is (its item, pack quantity and lot). The parser
 * itself is the domain's `parseGs1`. A route reading a scan answers a refused one as /api/gs1/parse does.
 */
export { lookupScan, readScan, type ScanLookup, type ScanRead, type ScanRefusal } from './gs1.service.ts';
export { scanRefusalNote, sendScanRefusal } from './scan-refusal.ts';
