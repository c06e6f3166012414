import { describe, expect, it } from 'vitest';
import { recallDisposalSchema, noticeSentSchema } from './recall-records.ts';
import { recallDocument, recallProblems, standardRecallInstructions } from './recall.document.ts';

const body = { recallClass: 'II', sourceReference: 'DRAP/1', reason: 'Contamination', lines: [{ itemId: 1, lotNumber: 'L1' }] };

describe('the recall declaration', () => {
  it('defaults the source, the instructions and the notes; needs a class and a reason', () => {
    const parsed = recallDocument.saveSchema.parse(body);
    expect(parsed).toMatchObject({ source: 'drapAlert', instructions: standardRecallInstructions, notes: '' });
    expect(parsed.recallDate).toBeUndefined();
    const refused = recallDocument.saveSchema.safeParse({ ...body, recallClass: undefined, reason: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['reason', 'recallClass']);
  });

  it('takes 1 to 200 lines and a reference of at most 200 characters', () => {
    expect(recallDocument.saveSchema.safeParse({ ...body, lines: [] }).success).toBe(false);
    const many = Array.from({ length: 201 }, (_, n) => ({ itemId: 1, lotNumber: `L${n}` }));
    expect(recallDocument.saveSchema.safeParse({ ...body, lines: many }).success).toBe(false);
    expect(recallDocument.saveSchema.safeParse({ ...body, sourceReference: 'x'.repeat(201) }).success).toBe(false);
  });

  it('needs a source reference unless internal, and each lot once', () => {
    expect(recallProblems({ source: 'drapAlert', sourceReference: '', lines: body.lines })).toEqual({ sourceReference: 'Source reference is required unless the recall is internal' });
    expect(recallProblems({ source: 'internal', sourceReference: '', lines: body.lines })).toEqual({});
    const twice = [...body.lines, { itemId: 2, lotNumber: 'L1' }, { itemId: 1, lotNumber: 'L1' }];
    expect(recallProblems({ source: 'drapAlert', sourceReference: 'R', lines: twice })).toEqual({ 'lines.2.lotNumber': 'This lot is already a line of the recall' });
  });

  it('opens with recalls:open, closes with recalls:close, cancels only a draft', () => {
    expect(recallDocument.transitions.open.scope).toBe('recalls:open');
    expect(recallDocument.transitions.close.scope).toBe('recalls:close');
    expect(recallDocument.canTransition('open', 'cancel')).toBe(false);
    expect(recallDocument.allowedActions({ status: 'draft' }, { role: 'auditor' })).toEqual([]);
    expect(recallDocument.allowedActions({ status: 'open' }, { role: 'operationManager', scopes: ['recalls:close'] })).toEqual(['close']);
  });

  it('sends by courier unless said; a disposal is destroyed or returned to the supplier, in whole units', () => {
    expect(noticeSentSchema.parse({})).toEqual({ sentVia: 'courier' });
    expect(recallDisposalSchema.safeParse({ kind: 'burnt', lines: [{ inventoryId: 1, quantity: 1 }] }).success).toBe(false);
    expect(recallDisposalSchema.safeParse({ kind: 'destroyed', lines: [{ inventoryId: 1, quantity: 1.5 }] }).success).toBe(false);
    expect(recallDisposalSchema.parse({ kind: 'destroyed', lines: [{ inventoryId: 1, quantity: '3' }] })).toMatchObject({ method: '', lines: [{ inventoryId: 1, quantity: 3 }] });
  });
});
