import { type BuyerRegistrations, formatDecimal, type RegistrationType, type SaleType, saleTypes, type TaxSummaryRow } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import { type CompanyLetterhead, readSettingValues } from '../setup/setup.api.ts';

/**
 * What a tax invoice and its credit note print of sales tax (issue 29, section 7; Sec. 23 of the
 * Sales Tax Act): the supplier's and the buyer's registrations, each line's HS code, rate, sales
 * tax and further tax, the sale type and schedule of a reduced or exempt line, and the totals per
 * rate. Only a registered person issues a tax invoice: without an STRN it prints as an invoice.
 */
export interface CompanyRegistrations {
  ntn: string;
  strn: string;
}

export async function readCompanyRegistrations(executor: Executor): Promise<CompanyRegistrations> {
  const { ntn, strn } = await readSettingValues(executor, ['ntn', 'strn']);
  return { ntn: String(ntn ?? ''), strn: String(strn ?? '') };
}

/** The letterhead with the company's NTN and STRN in place of its free-text tax number when they are set. */
export function taxLetterhead(company: CompanyLetterhead, registrations: CompanyRegistrations): CompanyLetterhead {
  const numbers = [registrations.ntn && `NTN ${registrations.ntn}`, registrations.strn && `STRN ${registrations.strn}`].filter(Boolean).join(' · ');
  return numbers ? { ...company, taxNumber: numbers } : company;
}

/** "Sales Tax Invoice" for a registered supplier, else the plain title. */
export const taxTitleOf = (registrations: CompanyRegistrations, title: string, taxTitle: string) => (registrations.strn ? taxTitle : title);

/** The buyer's registrations under its name and address: NTN or CNIC, STRN, registered or not. */
export function buyerRegistrationLines(customer: BuyerRegistrations, registrationType: RegistrationType | undefined): string[] {
  return [
    customer.ntn ? `NTN: ${customer.ntn}` : customer.cnic ? `CNIC: ${customer.cnic}` : '',
    customer.strn ? `STRN: ${customer.strn}` : '',
    registrationType ? (registrationType === 'registered' ? 'Registered for sales tax' : 'Unregistered buyer') : '',
  ].filter((line) => line !== '');
}

/** A line's item cell: its name and article number, HS code, and for a scheduled supply its sale type, schedule and serial. */
export function taxItemCell(line: {
  itemName: string;
  articleNumber: string;
  hsCode?: string | null;
  fbrUom?: string | null;
  saleType?: SaleType;
  sroScheduleNo?: string;
  sroItemSerialNo?: string;
}): string {
  const scheduled = line.saleType && line.saleType !== 'standardRate' && (line.sroScheduleNo || line.sroItemSerialNo);
  // "Exempt", "Reduced rate": the schedule follows.
  const saleType = saleTypes.find((s) => s.value === line.saleType)?.label.split(' (')[0];
  return [
    `${line.itemName} (${line.articleNumber})`,
    [line.hsCode && `HS ${line.hsCode}`, line.fbrUom].filter(Boolean).join(' · '),
    scheduled ? `${saleType}: ${[line.sroScheduleNo, line.sroItemSerialNo && `serial ${line.sroItemSerialNo}`].filter(Boolean).join(', ')}` : '',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/** Per rate, the value excluding tax and the sales tax, when a document has more than one rate (one rate: the totals say it all). */
export function totalsPerRate(summary: readonly TaxSummaryRow[]): PrintableDocument['totals'] {
  if (summary.length < 2) return [];
  return summary.flatMap((row) => [
    { label: `Value at ${row.rateLabel}`, value: formatDecimal(row.amount) },
    ...(Number(row.taxAmount) !== 0 ? [{ label: `Sales tax at ${row.rateLabel}`, value: formatDecimal(row.taxAmount) }] : []),
  ]);
}
