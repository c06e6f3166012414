import { describe, expect, it } from 'vitest';
import { journalDocument } from '../accounting/journal.document.ts';
import { bankStatementDocument } from '../banking/bank-statement.document.ts';
import { stockAdjustmentDocument } from '../inventory/stock-adjustment.document.ts';
import { defineDocument } from './define-document.ts';

const order = defineDocument({
  name: 'purchase-orders',
  route: '/purchase-orders',
  title: 'Purchase Orders',
  singular: 'purchase order',
  numberPrefix: 'PO',
  dateField: 'orderDate',
  fields: [
    { name: 'orderDate', label: 'Order date', kind: 'date', required: true },
    { name: 'remarks', label: 'Remarks', kind: 'text', maxLength: 20, defaultValue: '' },
  ],
  lines: { fields: [{ name: 'quantity', label: 'Quantity', kind: 'integer', required: true, min: 1 }], min: 1, max: 3 },
  states: ['draft', 'approved', 'closed', 'cancelled'],
  stateLabels: { draft: 'Draft', approved: 'Approved', closed: 'Closed', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    approve: { from: ['draft'], to: 'approved', scope: 'purchase-orders:approve', stamp: 'approved', numbers: true, label: 'Approve', done: 'Purchase order approved' },
    close: { from: ['approved'], to: 'closed', label: 'Close', done: 'Purchase order closed' },
    cancel: { from: ['draft', 'approved'], to: 'cancelled', scope: 'purchase-orders:cancel', stamp: 'cancelled', label: 'Cancel', done: 'Purchase order cancelled' },
  },
});

describe('defineDocument', () => {
  it('derives the draft schema from the header and line fields, with post on the save schema', () => {
    expect(order.inputSchema.parse({ orderDate: '2026-01-02', lines: [{ quantity: 2 }] })).toEqual({ orderDate: '2026-01-02', remarks: '', lines: [{ quantity: 2 }] });
    const refused = order.inputSchema.safeParse({ orderDate: '2026-02-30', remarks: 'x'.repeat(21), lines: [], extra: 1 });
    const paths = refused.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['orderDate', 'remarks', 'lines', '']));
    expect(refused.error!.issues.find((issue) => issue.path.join('.') === 'lines')!.message).toBe('A purchase order needs at least one line');
    expect(order.inputSchema.safeParse({ orderDate: '2026-01-02', lines: [{ quantity: 1 }, { quantity: 1 }, { quantity: 1 }, { quantity: 1 }] }).error!.issues[0]!.message).toBe(
      'A purchase order holds at most 3 lines',
    );
    expect(order.inputSchema.safeParse({ orderDate: '2026-01-02', lines: [{ quantity: 0 }] }).error!.issues[0]!.path).toEqual(['lines', 0, 'quantity']);
    expect(order.saveSchema.parse({ orderDate: '2026-01-02', lines: [{ quantity: 1 }], post: true }).post).toBe(true);
    expect(order.inputSchema.safeParse({ orderDate: '2026-01-02', lines: [{ quantity: 1 }], post: true }).success).toBe(false);
  });

  it('allows a transition only from its declared states', () => {
    expect(order.canTransition('draft', 'approve')).toBe(true);
    expect(order.canTransition('approved', 'approve')).toBe(false);
    expect(order.canTransition('approved', 'close')).toBe(true);
    expect(order.canTransition('closed', 'cancel')).toBe(false);
    expect(order.isEditable('draft')).toBe(true);
    expect(order.isEditable('approved')).toBe(false);
    expect(order.messages.cannot('close', 'draft')).toBe('A draft purchase order cannot be closed');
    expect(order.messages.notEditable).toBe('Only a draft can be changed');
  });

  it('derives the buttons from the state, the scopes and the role', () => {
    const admin = { role: 'admin' as const, scopes: [] };
    const accountant = { role: 'accountant' as const, scopes: [] };
    expect(order.allowedActions({ status: 'draft' }, admin)).toEqual(['edit', 'delete', 'approve', 'cancel']);
    expect(order.allowedActions({ status: 'approved' }, admin)).toEqual(['close', 'cancel']);
    expect(order.allowedActions({ status: 'cancelled' }, admin)).toEqual([]);
    // The accountant holds *:delete and *:cancel by default, not purchase-orders:approve.
    expect(order.allowedActions({ status: 'draft' }, accountant)).toEqual(['edit', 'delete', 'cancel']);
    expect(order.allowedActions({ status: 'draft' }, { role: 'accountant', scopes: ['purchase-orders:approve'] })).toContain('approve');
    // The auditor reads everything and changes nothing.
    expect(order.allowedActions({ status: 'draft' }, { role: 'auditor', scopes: ['*'] })).toEqual([]);
    // A role that may not open the route may do nothing there.
    expect(order.allowedActions({ status: 'draft' }, { role: 'salesExecutive', scopes: ['*'] })).toEqual([]);
    expect(order.allowedActions({ status: 'draft' }, undefined)).toEqual([]);
  });

  it('offers a document kept as it came (a bank statement) for deletion, never for edit', () => {
    expect(bankStatementDocument.allowedActions({ status: 'imported' }, { role: 'accountant', scopes: [] })).toEqual(['delete']);
  });

  it('refuses lines whose totals would not fit numeric(18, 2), on lines', () => {
    const max = '9999999999999999.99';
    const journal = (debits: string[]) => ({
      journalDate: '2026-01-02',
      narration: 'x',
      lines: debits.map((debit) => ({ accountId: 1, debit, credit: '0' })),
    });
    const refused = journalDocument.inputSchema.safeParse(journal([max, max]));
    expect(refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['lines', 'The debit total would have more than 16 digits before the decimal point']]);
    expect(journalDocument.inputSchema.safeParse(journal([max, '0'])).success).toBe(true);

    // quantity x unit cost of the new lots: one line alone may overflow, and so may several.
    const adjustment = (lines: Array<{ quantity: number; unitCost: string }>) => ({
      adjustmentDate: '2026-01-02',
      reason: 'countCorrection',
      lines: lines.map((l) => ({ itemId: 1, regionId: 1, lotNumber: 'L', ...l })),
    });
    const tooMuch = stockAdjustmentDocument.inputSchema.safeParse(adjustment([{ quantity: 2, unitCost: '5000000000000000.00' }]));
    expect(tooMuch.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['lines', 'The value total would have more than 16 digits before the decimal point']]);
    expect(stockAdjustmentDocument.inputSchema.safeParse(adjustment([{ quantity: 1, unitCost: '5000000000000000.00' }, { quantity: 1, unitCost: '5000000000000000.00' }])).success).toBe(false);
    expect(stockAdjustmentDocument.inputSchema.safeParse(adjustment([{ quantity: 1, unitCost: '4999999999999999.99' }, { quantity: 1, unitCost: '5000000000000000.00' }])).success).toBe(true);
  });

  it('declares journals: post by anyone on /journals, cancel with journals:cancel', () => {
    expect(journalDocument.actions).toEqual(['post', 'cancel']);
    expect(journalDocument.allowedActions({ status: 'posted' }, { role: 'operationManager', scopes: [] })).toEqual([]);
    expect(journalDocument.allowedActions({ status: 'posted' }, { role: 'accountant', scopes: [] })).toEqual(['cancel']);
    expect(journalDocument.messages.cannot('post', 'posted')).toBe('A posted journal cannot be posted');
  });
});
