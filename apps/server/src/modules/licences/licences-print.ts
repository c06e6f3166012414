import { formatCalendarDate, storageConditions } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, intArray, queryPrepared, queryRows } from '../../db/client.ts';
import type { AnswerFields, LineAnswerFields } from '../../lib/document/document-hooks.ts';
import type { PrintAdditionHook } from '../../lib/print/print-additions.ts';
import { companySettingSql } from '../setup/setup.api.ts';

/** `DRAP Reg. No. R-123`: printed under a line's item on the invoice, its view and the delivery note. */
export const registrationNote = (registrationNumber: string) => `DRAP Reg. No. ${registrationNumber}`;

interface LicenceRow {
  number: string | null;
  expiry: string | null;
}

const companyLicenceRow = sql`SELECT ${companySettingSql('drapLicenceNumber')} AS number, (${companySettingSql('drapLicenceExpiry')})::text AS expiry`;

const licenceOf = (row: LicenceRow | undefined) => (row?.number ? { licenceNumber: row.number, licenceExpiry: row.expiry } : null);

async function companyLicence(executor: Executor): Promise<{ licenceNumber: string; licenceExpiry: string | null } | null> {
  const [row] = await queryPrepared<LicenceRow>(executor, companyLicenceRow);
  return licenceOf(row);
}

/** The company's establishment licence as the letterhead prints it, or nothing when none is set. */
export async function companyLicenceLines(executor: Executor): Promise<string[]> {
  const licence = await companyLicence(executor);
  if (!licence) return [];
  return [`DRAP licence No. ${licence.licenceNumber}${licence.licenceExpiry ? ` (valid until ${formatCalendarDate(licence.licenceExpiry)})` : ''}`];
}

/** Invoices answer the company's licence (`companyDrapLicence`), which their view prints in its header. */
export const invoiceCompanyLicence: AnswerFields = {
  fields: {
    companyDrapLicence: z
      .object({ licenceNumber: z.string(), licenceExpiry: z.string().nullable() })
      .nullable()
      .describe("The company's DRAP establishment licence (settings), printed on the invoice (issue 32)"),
  },
  batched: {
    rows: () => companyLicenceRow,
    answers(rows, ids) {
      const licence = licenceOf(rows[0] as LicenceRow | undefined);
      return new Map(ids.map((id) => [id, { companyDrapLicence: licence }]));
    },
  },
};

/** Each invoice line's item registration number, by line id. */
const lineRegistrations = (lineIds: readonly number[]) =>
  sql`SELECT l.id, r.registration_number AS "registrationNumber"
      FROM invoice_lines l JOIN item_registrations r ON r.item_id = l.item_id
      WHERE l.id = ANY(${intArray(lineIds)}) AND r.registration_number IS NOT NULL`;

const registrationMap = (rows: ReadonlyArray<Readonly<Record<string, unknown>>>) => new Map(rows.map((row) => [Number(row.id), row.registrationNumber as string]));

async function registrationsByLine(executor: Executor, lineIds: readonly number[]): Promise<Map<number, string>> {
  return registrationMap(await queryPrepared(executor, lineRegistrations(lineIds)));
}

/** Invoice lines answer `item.registrationNumber` (null for an item with none). */
export const invoiceLineRegistrations: LineAnswerFields = {
  into: 'item',
  fields: { registrationNumber: z.string().nullable().describe("The item's DRAP registration number (issue 32)") },
  batched: {
    rows: lineRegistrations,
    answers: (rows) => new Map([...registrationMap(rows)].map(([id, registrationNumber]) => [id, { registrationNumber }])),
  },
};

type PrintedLine = { id: number };

/** The invoice PDF: the company's licence in the letterhead, each line's registration under its item. */
export const invoiceLicencePrint: PrintAdditionHook = async (executor, document) => {
  const lines = ((document as { lines?: PrintedLine[] }).lines ?? []).filter((line) => typeof line.id === 'number');
  const registrations = lines.length > 0 ? await registrationsByLine(executor, lines.map((line) => line.id)) : new Map<number, string>();
  const rowNotes: Record<number, string> = {};
  lines.forEach((line, index) => {
    const number = registrations.get(line.id);
    if (number) rowNotes[index] = registrationNote(number);
  });
  const companyLines = await companyLicenceLines(executor);
  return companyLines.length === 0 && Object.keys(rowNotes).length === 0 ? null : { companyLines, rowNotes };
};

/** Each invoice line's item facts the delivery note prints beyond the invoice's: registration and storage condition. */
export async function deliveryFactsByLine(executor: Executor, lineIds: readonly number[]): Promise<Map<number, { registrationNumber: string | null; storageCondition: string }>> {
  if (lineIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; registrationNumber: string | null; storageCondition: string }>(
    executor,
    sql`SELECT l.id, r.registration_number AS "registrationNumber", it.storage_condition AS "storageCondition"
        FROM invoice_lines l JOIN items it ON it.id = l.item_id LEFT JOIN item_registrations r ON r.item_id = l.item_id
        WHERE l.id = ANY(${intArray(lineIds)})`,
  );
  return new Map(rows.map((row) => [Number(row.id), { registrationNumber: row.registrationNumber, storageCondition: storageConditionLabel(row.storageCondition) }]));
}

const storageConditionLabel = (value: string) => storageConditions.find((condition) => condition.value === value)?.label ?? value;
