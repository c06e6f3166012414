import { addDays, fromMinorUnits, type StockAdjustmentInput, type StockAdjustmentLineInput, type StockAdjustmentReason, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { saveDocument } from '../../lib/document/document-service.ts';
import { runTransition } from '../../lib/document/run-transition.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { stockAdjustmentBinding } from './stock-adjustments.binding.ts';

/**
 * A model of the lots beside the database: any sequence of stock adjustments (saved and
 * posted, drafts posted later, cancellations, and the refusals among them) leaves every lot
 * at the quantity the model predicts, none below zero, a refusal exactly where the model
 * predicts one, and the value of the lots equal to the Inventory account to the cent.
 */

let t: TestApp;
let actor: Actor;
const today = todayIso();
const itemIds: number[] = [];
const regionIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const call = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(t.adminToken) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  regionIds.push(await call('/api/regions', { regionName: 'Prop East', regionCode: 'PEA' }), await call('/api/regions', { regionName: 'Prop West', regionCode: 'PWE' }));
  const category = await call('/api/categories', { categoryName: 'Prop reagents' });
  for (const [itemName, articleNumber] of [
    ['Prop Glucose', 'PROP-1'],
    ['Prop Control', 'PROP-2'],
  ]) {
    itemIds.push(await call('/api/items', { itemName, articleNumber, categoryId: category, unit: 'kit', costPrice: '1.00', salePrice: '2.00', lotTracked: true, storageCondition: 'ambient', active: true }));
  }
  const [admin] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
  actor = { userId: Number(admin!.id), role: 'admin', scopes: [], permissions: {} };
});
afterAll(async () => t?.close());

type LineSpec =
  | { kind: 'new'; item: number; region: number; quantity: number; cents: number }
  | { kind: 'lot'; pick: number; quantity: number };

type Command =
  | { kind: 'post' | 'draft'; reason: StockAdjustmentReason; lines: LineSpec[] }
  | { kind: 'postDraft'; pick: number }
  | { kind: 'cancel'; pick: number };

const lineArbitrary: fc.Arbitrary<LineSpec> = fc.oneof(
  fc.record({ kind: fc.constant('new' as const), item: fc.nat(1), region: fc.nat(1), quantity: fc.integer({ min: 1, max: 40 }), cents: fc.integer({ min: 0, max: 250_000 }) }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lot' as const),
      pick: fc.nat(1000),
      quantity: fc.integer({ min: -45, max: 30 }).filter((q) => q !== 0),
    }),
  },
);

const reasonArbitrary = fc.constantFrom<StockAdjustmentReason>('countCorrection', 'damage', 'expiryWriteOff', 'openingStock');

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('post' as const), reason: reasonArbitrary, lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('draft' as const), reason: reasonArbitrary, lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('postDraft' as const), pick: fc.nat(1000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(1000) }) },
);

/** A lot as the model knows it: quantity on hand and receipt cost in minor units. */
interface ModelLot {
  quantity: number;
  unitCost: bigint;
}

/** A line resolved against the model: an existing lot by id, or a new lot by its (unique) number. */
type ModelLine = { lotId: number; quantity: number } | { lotNumber: string; itemId: number; regionId: number; quantity: number; unitCost: bigint };

interface ModelDocument {
  id: number;
  status: 'draft' | 'posted' | 'cancelled';
  lines: ModelLine[];
  /** Once posted: what it moved per lot (signed). */
  moved: Map<number, number>;
}

const lots = new Map<number, ModelLot>();
const documents: ModelDocument[] = [];
let lotCounter = 0;
const outcomes = { posted: 0, refused: 0, cancelled: 0, cancelRefused: 0 };

function resolveLines(specs: LineSpec[]): ModelLine[] {
  const lotIds = [...lots.keys()].sort((a, b) => a - b);
  return specs.map((spec) => {
    if (spec.kind === 'lot' && lotIds.length > 0) return { lotId: lotIds[spec.pick % lotIds.length]!, quantity: spec.quantity };
    const quantity = spec.kind === 'new' ? spec.quantity : Math.abs(spec.quantity);
    const cents = spec.kind === 'new' ? spec.cents : 1234;
    lotCounter += 1;
    return { lotNumber: `PROP-${lotCounter}`, itemId: itemIds[spec.kind === 'new' ? spec.item : 0]!, regionId: regionIds[spec.kind === 'new' ? spec.region : 0]!, quantity, unitCost: BigInt(cents) };
  });
}

function inputOf(reason: StockAdjustmentReason, lines: ModelLine[]): StockAdjustmentInput {
  return {
    adjustmentDate: today,
    reason,
    narration: 'Property',
    lines: lines.map(
      (line): StockAdjustmentLineInput =>
        'lotId' in line
          ? { inventoryId: line.lotId, quantity: line.quantity }
          : { itemId: line.itemId, regionId: line.regionId, lotNumber: line.lotNumber, dateExpiry: addDays(today, 200), quantity: line.quantity, unitCost: fromMinorUnits(line.unitCost) },
    ),
  };
}

/** Opening stock only brings stock in (400); otherwise a lot that would end below zero is a 409. */
function expectedRefusal(reason: StockAdjustmentReason, lines: ModelLine[]): 'badRequest' | undefined {
  return reason === 'openingStock' && lines.some((l) => l.quantity < 0) ? 'badRequest' : undefined;
}

function shortfall(changes: Map<number, number>): boolean {
  return [...changes].some(([lotId, change]) => (lots.get(lotId)?.quantity ?? 0) + change < 0);
}

/** Runs a command in its own transaction; a refusal rolls it back and answers its code. */
async function attempt<T>(run: (tx: Tx) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await t.database.db.transaction(run) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code };
    throw error;
  }
}

async function lotIdOf(lotNumber: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE lot_number = ${lotNumber}`);
  return Number(row!.id);
}

/** Posts a document's lines in the model, given the outcome the database gave. */
async function applyPosting(document: ModelDocument): Promise<void> {
  for (const line of document.lines) {
    const lotId = 'lotId' in line ? line.lotId : await lotIdOf(line.lotNumber);
    if (!('lotId' in line)) lots.set(lotId, { quantity: 0, unitCost: line.unitCost });
    lots.get(lotId)!.quantity += line.quantity;
    document.moved.set(lotId, (document.moved.get(lotId) ?? 0) + line.quantity);
  }
  document.status = 'posted';
}

function changesOf(lines: ModelLine[]): Map<number, number> {
  const changes = new Map<number, number>();
  for (const line of lines) if ('lotId' in line) changes.set(line.lotId, (changes.get(line.lotId) ?? 0) + line.quantity);
  return changes;
}

async function runCommand(command: Command): Promise<void> {
  if (command.kind === 'post' || command.kind === 'draft') {
    const lines = resolveLines(command.lines);
    const input = inputOf(command.reason, lines);
    const refusal = expectedRefusal(command.reason, lines) ?? (command.kind === 'post' && shortfall(changesOf(lines)) ? 'conflict' : undefined);
    const result = await attempt((tx) => saveDocument(tx, actor, stockAdjustmentBinding, input, { post: command.kind === 'post' }));
    expect(result.ok ? undefined : result.code).toBe(refusal);
    if (!result.ok) {
      outcomes.refused += 1;
      return;
    }
    const document: ModelDocument = { id: result.value.document.id, status: 'draft', lines, moved: new Map() };
    documents.push(document);
    if (command.kind === 'post') {
      await applyPosting(document);
      outcomes.posted += 1;
    }
    return;
  }
  if (command.kind === 'postDraft') {
    const drafts = documents.filter((d) => d.status === 'draft');
    if (drafts.length === 0) return;
    const document = drafts[command.pick % drafts.length]!;
    const refusal = shortfall(changesOf(document.lines)) ? 'conflict' : undefined;
    const result = await attempt((tx) => runTransition(tx, actor, stockAdjustmentBinding, document.id, 'post'));
    expect(result.ok ? undefined : result.code).toBe(refusal);
    if (result.ok) {
      await applyPosting(document);
      outcomes.posted += 1;
    } else outcomes.refused += 1;
    return;
  }
  if (command.kind !== 'cancel') return;
  // Cancel a posted document (refused when its received stock has since been drawn), or a cancelled one again (refused).
  const done = documents.filter((d) => d.status !== 'draft');
  if (done.length === 0) return;
  const document = done[command.pick % done.length]!;
  const mirror = new Map([...document.moved].map(([lotId, change]) => [lotId, -change]));
  const refusal = document.status === 'cancelled' || shortfall(mirror) ? 'conflict' : undefined;
  const result = await attempt((tx) => runTransition(tx, actor, stockAdjustmentBinding, document.id, 'cancel'));
  expect(result.ok ? undefined : result.code).toBe(refusal);
  if (result.ok) {
    for (const [lotId, change] of mirror) lots.get(lotId)!.quantity += change;
    document.status = 'cancelled';
    outcomes.cancelled += 1;
  } else outcomes.cancelRefused += 1;
}

async function checkInvariants(): Promise<void> {
  const rows = await queryRows<{ id: number; quantity: number; unitCost: string }>(
    t.database.db,
    sql`SELECT id, quantity, unit_cost::text AS "unitCost" FROM inventory ORDER BY id`,
  );
  expect(rows.every((r) => Number(r.quantity) >= 0)).toBe(true);
  const actual = Object.fromEntries(rows.map((r) => [Number(r.id), { quantity: Number(r.quantity), unitCost: toMinorUnits(r.unitCost) }]));
  expect(actual).toEqual(Object.fromEntries(lots));
  const [sums] = await queryRows<{ lots: string; ledger: string; moves: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(quantity * unit_cost), 0) FROM inventory)::text AS lots,
               (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key = 'inventory')::text AS ledger,
               (SELECT coalesce(sum(CASE WHEN quantity_in > 0 THEN value ELSE -value END), 0) FROM stock_moves)::text AS moves`,
  );
  const modelValue = [...lots.values()].reduce((sum, lot) => sum + BigInt(lot.quantity) * lot.unitCost, 0n);
  expect(toMinorUnits(sums!.lots)).toBe(modelValue);
  expect(toMinorUnits(sums!.ledger)).toBe(modelValue);
  expect(toMinorUnits(sums!.moves)).toBe(modelValue);
}

describe('stock value (property)', () => {
  it('after any sequence of adjustments in and out, drafts, posts and cancels: lots as modelled, none negative, refusals where predicted, lots worth the Inventory account', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 10 }), async (commands) => {
        for (const command of commands) await runCommand(command);
        await checkInvariants();
      }),
      { numRuns: 40 },
    );
    // The sequences reached every branch: postings, refusals, cancellations and refused cancellations.
    expect(outcomes.posted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.cancelRefused).toBeGreaterThan(0);
  });
});
