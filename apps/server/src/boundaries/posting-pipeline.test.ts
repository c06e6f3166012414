import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseServerFile, serverSourceFiles } from '../test/source-scan.ts';

/**
 * One posting of invoices and one of credit notes (issue 28, section 1): every path that posts
 * an invoice (a sale's post transition, the rentals' early exit and month end) calls
 * `postInvoices`, every path that posts a sales return `postCreditNotes`, and the parts they
 * are made of are called from them alone.
 */
const watched = ['postInvoices', 'postCreditNotes', 'postRentalCharges', 'postSaleDraft', 'postCreditNote'];

/** Per function, the files that call it (by its name, as the parser reads calls; comments never count). */
function callersOf(files: ReadonlyArray<{ file: string; text?: string }>): Record<string, string[]> {
  const callers: Record<string, string[]> = {};
  for (const { file, text } of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
        if (ts.isIdentifier(callee) && watched.includes(callee.text)) callers[callee.text] = [...new Set([...(callers[callee.text] ?? []), file])];
      }
      node.forEachChild(visit);
    };
    visit(parseServerFile(file, text));
  }
  return callers;
}

// Read at load, as the other boundary scans do: parsing every file is no test's time limit.
const serverCallers = callersOf(serverSourceFiles().map((file) => ({ file })));

describe('the one posting of invoices and of credit notes', () => {
  it('finds calls, through an object too, not mentions in comments or strings', () => {
    const files = [
      { file: 'a.ts', text: '// postInvoices(tx)\nconst a = "postInvoices(";\nawait postInvoices(tx, actor, []);' },
      { file: 'b.ts', text: 'await sales.postCreditNotes(tx, actor, []); const postRentalCharges = 1;' },
    ];
    expect(callersOf(files)).toEqual({ postInvoices: ['a.ts'], postCreditNotes: ['b.ts'] });
  });

  it('is called by every path that posts, and its parts by it alone', () => {
    expect(serverCallers).toEqual({
      postInvoices: ['modules/rentals/month-end-job.ts', 'modules/rentals/rental-agreements.handlers.ts', 'modules/sales/invoices.handlers.ts'],
      postSaleDraft: ['modules/sales/post-invoices.ts'],
      postRentalCharges: ['modules/sales/post-invoices.ts'],
      postCreditNotes: ['modules/sales/sales-returns.handlers.ts'],
      postCreditNote: ['modules/sales/post-credit-notes.ts'],
    });
  });
});
