import type { Executor } from '../../db/client.ts';
import type { DocumentRow } from '../document/document-binding.ts';
import { namedHooks } from '../named-hooks.ts';
import type { PrintableDocument, PrintMark } from './document-pdf.ts';

/**
 * What one area prints on another area's document: a notice under the title, a mark beside the
 * totals, lines of the letterhead (the company's licence) and a note under a row's widest cell, by
 * the row's index (a line's DRAP registration under its item).
 */
export interface PrintAddition {
  notice?: string;
  mark?: PrintMark;
  companyLines?: readonly string[];
  rowNotes?: Readonly<Record<number, string>>;
}

/**
 * Reads what an area prints on one document, as its PDF route read it (the caller's row scope
 * already applied); null prints nothing. Its own reads only: the printable is the owner's.
 */
export type PrintAdditionHook = (executor: Executor, document: DocumentRow) => Promise<PrintAddition | null>;

/** What an area's manifest adds to other areas' printed documents, by document name (`invoices`, `sales-returns`). */
export interface PrintAdditionDeclarations {
  printAdditions?: Readonly<Record<string, PrintAdditionHook>>;
}

/** The additions of the areas an app serves, bound when the app is built: the PDF route builder is lib's and its caller hands no app's fold. */
const bound = namedHooks<PrintAdditionHook>();

/** Binds the additions of `areas` (in their order); answers the function that restores those bound before. */
export const bindPrintAdditions = (areas: readonly PrintAdditionDeclarations[]): (() => void) => bound.bind(areas, (area) => area.printAdditions);

/** The document names an area's additions name: the fold checks each is a document it serves. */
export const printedDocumentNames = (area: PrintAdditionDeclarations): string[] => Object.keys(area.printAdditions ?? {});

/** `printable` with every bound addition of `documentName` for `document`, in the areas' order. */
export async function withPrintAdditions(executor: Executor, documentName: string, document: DocumentRow, printable: PrintableDocument): Promise<PrintableDocument> {
  const hooks = bound.of(documentName);
  if (hooks.length === 0) return printable;
  const additions: PrintAddition[] = [];
  for (const hook of hooks) {
    const addition = await hook(executor, document);
    if (addition) additions.push(addition);
  }
  const notices = additions.flatMap((addition) => (addition.notice ? [addition.notice] : []));
  const marks = additions.flatMap((addition) => (addition.mark ? [addition.mark] : []));
  const companyLines = additions.flatMap((addition) => addition.companyLines ?? []);
  return {
    ...printable,
    ...(notices.length > 0 ? { notices: [...(printable.notices ?? []), ...notices] } : {}),
    ...(marks.length > 0 ? { marks: [...(printable.marks ?? []), ...marks] } : {}),
    ...(companyLines.length > 0 ? { company: { ...printable.company, lines: [...(printable.company.lines ?? []), ...companyLines] } } : {}),
    ...withRowNotes(printable, additions),
  };
}

/** The rows with each addition's notes under their widest column's cell (the item's, on an invoice). */
function withRowNotes(printable: PrintableDocument, additions: readonly PrintAddition[]): Partial<PrintableDocument> {
  if (!additions.some((addition) => addition.rowNotes && Object.keys(addition.rowNotes).length > 0)) return {};
  const widest = printable.columns.reduce((best, column) => ((column.width ?? 1) > (best.width ?? 1) ? column : best), printable.columns[0]!);
  const rows = printable.rows.map((row, index) => {
    const notes = additions.flatMap((addition) => (addition.rowNotes?.[index] ? [addition.rowNotes[index]] : []));
    return notes.length === 0 ? row : { ...row, [widest.key]: [row[widest.key] ?? '', ...notes].filter((part) => part !== '').join('\n') };
  });
  return { rows };
}
