import {
  addDecimals,
  fitsIntegerDigits,
  fromMinorUnits,
  isExpired,
  lotBlockedMessage,
  type LotDrawVerb,
  lotDrawVerbOf,
  lotLabel,
  maxInt32,
  messages,
  multiply,
  negateDecimal,
  type StoredLotStatus,
  stockMessages,
  sumFitsColumn,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray, jsonValue, numericArray, queryRows, type Tx } from '../db/client.ts';
import { AppError, BadRequestError, ConflictError } from '../lib/app-error.ts';
import { pgErrorOf } from '../lib/pg-error.ts';

/**
 * THE stock ledger (PRODUCT.md, principles 1, 5 and 8): the only writer of `stock_moves` and
 * of lot quantities (`inventory.quantity`), inside the caller's transaction. Receipts,
 * transfers, adjustments, invoices and returns call only postStockMoves and
 * reverseStockMoves; the database refuses any later change of a movement (trigger).
 *
 * Lots drawn from are locked `FOR NO KEY UPDATE` in id order, so two postings over the same lots
 * take turns and never deadlock (NO KEY: a document line naming a lot holds its foreign key's
 * KEY SHARE lock until commit, which UPDATE would wait for: an invoice saved and posted in one
 * transaction against another's posting would deadlock), and a draw that would take a lot below zero is refused with
 * a 409 naming the item, the lot and what is available. A caller posting both ledgers posts
 * stock first, then the general ledger (one lock order for every document: lots, the number
 * sequence, stock day totals, account day totals): prepareStockMoves locks the lots, and its
 * statements join the posting's statement ahead of the ledger rows (postToLedger's `before`).
 *
 * Valuation is specific identification: a movement is valued at its lot's unit cost, the
 * receipt cost, exactly (numeric quantity x cost). The result carries the values so the
 * caller posts Dr/Cr Inventory with the same amounts.
 */

export interface StockDocument {
  documentType: string;
  documentId: number;
  documentNumber: string;
  /** `YYYY-MM-DD`: the movements' date; expiry is judged on it. */
  date: string;
  /** What a draw of a held lot was about to do, in its refusal; by the document type unless said. */
  drawVerb?: LotDrawVerb;
}

/** An existing lot, or a lot named by item, number and place (created on the first receipt). */
export type StockLotRef =
  | { inventoryId: number }
  | {
      itemId: number;
      lotNumber: string;
      /** Required for lot-tracked items. */
      dateExpiry: string | null;
      /** A location, or a region whose warehouse receives. */
      locationId?: number;
      regionId?: number;
      /** The receipt cost of a new lot (decimal string); an existing lot must have the same. */
      unitCost: string;
    };

export interface StockMoveInput {
  /** The source document's line. */
  lineNo: number;
  /** Where refusals point, e.g. `lines.2` -> `lines.2.quantity`. */
  field?: string;
  lot: StockLotRef;
  direction: 'in' | 'out';
  /** A whole number above 0 in the item's unit. */
  quantity: number;
  /**
   * Of a draw: an issue (sale, transfer out, consignment, service part: expired and held lots
   * refused), the default; a placement (an instrument to a site or another site: held lots
   * refused); or an adjustment (write-offs, disposals, arrivals from transit, the company's own
   * stock coming back from a site, which a recall wants back even expired: nothing refused but the
   * quantity).
   */
  purpose?: 'issue' | 'placement' | 'adjustment';
}

export interface StockPosting {
  document: StockDocument;
  actor: { userId: number | null };
  moves: readonly StockMoveInput[];
}

export interface PostedStockMove {
  moveId: number;
  lineNo: number;
  inventoryId: number;
  itemId: number;
  locationId: number;
  regionId: number;
  quantityIn: number;
  quantityOut: number;
  unitCost: string;
  /** (quantity in + out) x unit cost, exact. */
  value: string;
}

export interface StockPostingResult {
  moves: PostedStockMove[];
  valueIn: string;
  valueOut: string;
  /** valueIn - valueOut: what the Inventory account moves by (a debit when positive). */
  netValue: string;
}

/** A posting checked and locked but not yet written: its movements' values, and the statements that write them given the number. */
export interface PreparedStockPosting {
  /** The movements as they will be written (no ids yet). */
  moves: Omit<PostedStockMove, 'moveId'>[];
  valueIn: string;
  valueOut: string;
  netValue: string;
  /**
   * The movements (INSERT ... RETURNING) and the lots' new quantities, as statements given
   * the number: the caller runs them in its own statement (the posting's), so the number is
   * taken last. Run the movements before the general-ledger rows (stock day totals before
   * account day totals, one lock order).
   */
  statements: Array<(documentNumber: SQL) => SQL>;
}

export interface LockedLot {
  id: number;
  itemId: number;
  lotNumber: string;
  dateExpiry: string | null;
  locationId: number;
  regionId: number;
  quantity: number;
  unitCost: string;
  itemName: string;
  place: string;
  lotStatus: StoredLotStatus;
  statusReason: string;
}

type NewLotRef = Extract<StockLotRef, { itemId: number }>;

const fieldOf = (move: StockMoveInput, name: string) => (move.field ? `${move.field}.${name}` : name);
const keyOf = (itemId: number, lotNumber: string, locationId: number) => `${itemId}|${lotNumber}|${locationId}`;

function assertQuantities(moves: readonly StockMoveInput[]): void {
  const problems: Record<string, string> = {};
  for (const move of moves) {
    if (!Number.isInteger(move.quantity) || move.quantity < 1 || move.quantity > maxInt32) problems[fieldOf(move, 'quantity')] = stockMessages.quantityPositive;
    if ('itemId' in move.lot && !/^\d{1,16}(\.\d{1,2})?$/.test(move.lot.unitCost)) {
      problems[fieldOf(move, 'unitCost')] = 'Unit cost must be a number of at most 16 digits and 2 decimals, not negative';
    }
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

interface NamedLot {
  move: StockMoveInput;
  ref: NewLotRef;
  locationId: number;
  regionId: number;
}

/**
 * The place of each lot named by number (its location, or its region's warehouse) and the
 * item's rules (lot-tracked items need a number and an expiry), read in the statement that
 * creates the lots a receipt names for the first time, in key order (two receivers of one
 * new lot take turns). A refusal throws, and the caller's transaction takes the new lots back.
 */
async function resolveNamedLots(tx: Tx, moves: readonly StockMoveInput[]): Promise<NamedLot[]> {
  const named = moves.filter((m): m is StockMoveInput & { lot: NewLotRef } => 'itemId' in m.lot);
  if (named.length === 0) return [];
  const values = named.map(
    (m, ord) =>
      sql`(${ord}::int, ${m.lot.itemId}::int, ${m.lot.lotNumber.trim()}::text, ${m.lot.dateExpiry}::date, ${m.lot.locationId ?? null}::int,
           ${m.lot.regionId ?? null}::int, ${m.lot.unitCost}::numeric, ${m.direction === 'in'}::boolean)`,
  );
  const rows = await queryRows<{ ord: number; itemName: string | null; lotTracked: boolean | null; locationId: number | null; regionId: number | null }>(
    tx,
    sql`WITH v(ord, item_id, lot_number, date_expiry, location_id, region_id, unit_cost, receiving) AS (VALUES ${sql.join(values, sql`, `)}),
        resolved AS (
          SELECT v.*, it.item_name, it.lot_tracked, loc.id AS place_id, loc.region_id AS place_region_id
          FROM v LEFT JOIN items it ON it.id = v.item_id
            LEFT JOIN stock_locations loc
              ON loc.id = coalesce(v.location_id, (SELECT w.id FROM stock_locations w WHERE w.kind = 'warehouse' AND w.region_id = v.region_id))
        ),
        created AS (
          INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
          SELECT DISTINCT ON (r.item_id, r.lot_number, r.place_id) r.item_id, r.lot_number, r.date_expiry, r.place_id, r.place_region_id, 0, r.unit_cost
          FROM resolved r
          WHERE r.receiving AND r.item_name IS NOT NULL AND r.place_id IS NOT NULL AND NOT (r.lot_tracked AND (r.lot_number = '' OR r.date_expiry IS NULL))
          ORDER BY r.item_id, r.lot_number, r.place_id, r.ord DESC
          ON CONFLICT (item_id, lot_number, location_id) DO NOTHING
        )
        SELECT ord, item_name AS "itemName", lot_tracked AS "lotTracked", place_id AS "locationId", place_region_id AS "regionId" FROM resolved ORDER BY ord`,
  );
  const problems: Record<string, string> = {};
  const resolved: NamedLot[] = [];
  named.forEach((move, ord) => {
    const { lot } = move;
    const row = rows.find((r) => Number(r.ord) === ord)!;
    if (row.itemName === null) {
      problems[fieldOf(move, 'itemId')] = stockMessages.itemMissing;
      return;
    }
    if (row.lotTracked && lot.lotNumber.trim() === '') problems[fieldOf(move, 'lotNumber')] = stockMessages.lotNumberRequired(row.itemName);
    if (row.lotTracked && !lot.dateExpiry) problems[fieldOf(move, 'dateExpiry')] = stockMessages.expiryRequired(row.itemName);
    if (row.locationId === null) {
      if (lot.locationId) problems[fieldOf(move, 'locationId')] = stockMessages.locationMissing;
      else problems[fieldOf(move, 'regionId')] = stockMessages.regionMissing;
      return;
    }
    resolved.push({ move, ref: { ...lot, lotNumber: lot.lotNumber.trim() }, locationId: Number(row.locationId), regionId: Number(row.regionId) });
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return resolved;
}

/** A lot by item and number at a location: a row that may exist or not yet (a receipt's place). */
export interface LotPlace {
  itemId: number;
  lotNumber: string;
  locationId: number;
}

const placesOf = (named: readonly NamedLot[]): LotPlace[] => named.map((l) => ({ itemId: l.ref.itemId, lotNumber: l.ref.lotNumber, locationId: l.locationId }));

/**
 * The locking read of lots by id (and by item, number and place for lots named by number), in
 * id order, with what the checks need. `after`: a condition evaluated before the first lot is
 * locked (a caller's earlier lock in the same statement, one lock order).
 */
function lotsLockSql(ids: readonly number[], places: readonly LotPlace[] = [], after?: SQL): SQL {
  const keys = places.map((l) => sql`(${l.itemId}::int, ${l.lotNumber}::text, ${l.locationId}::int)`);
  const byKey = keys.length > 0 ? sql` OR (i.item_id, i.lot_number, i.location_id) IN (${sql.join(keys, sql`, `)})` : sql``;
  return sql`SELECT i.id, i.item_id AS "itemId", i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry", i.location_id AS "locationId",
               i.region_id AS "regionId", i.quantity, i.unit_cost::text AS "unitCost", it.item_name AS "itemName",
               i.lot_status AS "lotStatus", i.status_reason AS "statusReason",
               CASE WHEN l.kind = 'warehouse' THEN r.region_name ELSE l.location_name END AS place
        FROM inventory i JOIN items it ON it.id = i.item_id JOIN stock_locations l ON l.id = i.location_id JOIN regions r ON r.id = i.region_id
        WHERE (i.id = ANY(${intArray(ids)})${byKey})${after ? sql` AND ${after}` : sql``}
        ORDER BY i.id
        FOR NO KEY UPDATE OF i`;
}

/** Lots as the locking read answers them (rows, or its json in a caller's statement). */
function lockedLotsOf(rows: readonly LockedLot[]): LockedLot[] {
  return rows.map((r) => ({ ...r, id: Number(r.id), itemId: Number(r.itemId), locationId: Number(r.locationId), regionId: Number(r.regionId), quantity: Number(r.quantity) }));
}

/** Locks every lot of the posting, in id order, and reads what the checks need. */
async function lockLots(tx: Tx, ids: readonly number[], places: readonly LotPlace[]): Promise<LockedLot[]> {
  return lockedLotsOf(await queryRows<LockedLot>(tx, lotsLockSql(ids, places)));
}

/**
 * A posting's lots (all named by id: a sale, a return) locked in the caller's own read
 * (`readPostingContextWith`'s `ctes`, as `name`), after `after`: one round trip less. Hand
 * `lots(json)` of its answer to prepareStockMoves as `locked`.
 */
export function lotsLockRead(name: string, moves: readonly StockMoveInput[], after?: SQL): { cte: SQL; read: SQL; lots: (json: unknown) => LockedLot[] } {
  const ids = [...new Set(moves.flatMap((m) => ('inventoryId' in m.lot ? [m.lot.inventoryId] : [])))];
  const table = sql.identifier(name);
  return {
    cte: sql`${table} AS MATERIALIZED (${lotsLockSql(ids, [], after)})`,
    read: sql`(SELECT json_agg(${table}) FROM ${table})`,
    lots: (json) => lockedLotsOf(jsonValue<LockedLot[] | null>(json) ?? []),
  };
}

interface PlannedMove {
  move: StockMoveInput;
  lot: LockedLot;
}

/** Matches each move to its locked lot and checks what a lot named by number must agree with. */
function planMoves(moves: readonly StockMoveInput[], named: readonly NamedLot[], lots: readonly LockedLot[]): PlannedMove[] {
  const byId = new Map(lots.map((l) => [l.id, l]));
  const byKey = new Map(lots.map((l) => [keyOf(l.itemId, l.lotNumber, l.locationId), l]));
  const namedOf = new Map(named.map((n) => [n.move, n]));
  const problems: Record<string, string> = {};
  const planned: PlannedMove[] = [];
  for (const move of moves) {
    if ('inventoryId' in move.lot) {
      const lot = byId.get(move.lot.inventoryId);
      if (lot) planned.push({ move, lot });
      else problems[fieldOf(move, 'inventoryId')] = stockMessages.lotMissing;
      continue;
    }
    const place = namedOf.get(move)!;
    const lot = byKey.get(keyOf(place.ref.itemId, place.ref.lotNumber, place.locationId));
    if (!lot) {
      problems[fieldOf(move, 'lotNumber')] = stockMessages.lotMissing;
      continue;
    }
    if (move.direction === 'in' && (lot.dateExpiry ?? null) !== (place.ref.dateExpiry ?? null)) {
      problems[fieldOf(move, 'dateExpiry')] = stockMessages.expiryDiffers(lot.lotNumber, lot.dateExpiry);
    } else if (move.direction === 'in' && toMinorUnits(lot.unitCost) !== toMinorUnits(place.ref.unitCost)) {
      problems[fieldOf(move, 'unitCost')] = stockMessages.costDiffers(lot.lotNumber, lot.unitCost);
    }
    planned.push({ move, lot });
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return planned;
}

/**
 * Receipts of the posting count first, then draws in line order: a draw may take what the
 * same posting brings into its lot. Refuses (409) a draw beyond what is left and an issue of
 * an expired lot.
 */
function assertAvailable(planned: readonly PlannedMove[], document: Pick<StockDocument, 'date' | 'documentType' | 'drawVerb'>): Map<number, number> {
  const { date } = document;
  const after = new Map<number, number>();
  for (const { lot } of planned) after.set(lot.id, lot.quantity);
  for (const { move, lot } of planned) {
    if (move.direction !== 'in') continue;
    const next = after.get(lot.id)! + move.quantity;
    if (next > maxInt32) throw new BadRequestError({ [fieldOf(move, 'quantity')]: stockMessages.tooMuch });
    after.set(lot.id, next);
  }
  for (const { move, lot } of planned) {
    if (move.direction !== 'out') continue;
    const label = lotLabel(lot.itemName, lot.lotNumber);
    const purpose = move.purpose ?? 'issue';
    const lotField = fieldOf(move, 'inventoryId' in move.lot ? 'inventoryId' : 'lotNumber');
    // Under the lot's lock: a recall or quarantine committed first is seen here, one committed later waits for this posting.
    if ((purpose === 'issue' || purpose === 'placement') && lot.lotStatus !== 'released') {
      const message = lotBlockedMessage(label, lot.lotStatus, lot.statusReason, document.drawVerb ?? lotDrawVerbOf(document.documentType));
      throw new ConflictError(message, { [lotField]: message });
    }
    if (purpose === 'issue' && isExpired(lot.dateExpiry, date)) {
      const message = stockMessages.expired(label, lot.dateExpiry!);
      throw new ConflictError(message, { [lotField]: message });
    }
    const available = after.get(lot.id)!;
    if (move.quantity > available) {
      const message = stockMessages.notEnough(available, label, lot.place);
      throw new ConflictError(message, { [fieldOf(move, 'quantity')]: message });
    }
    after.set(lot.id, available - move.quantity);
  }
  return after;
}

/** The movements, valued in exact cents (quantity x the lot's cost, as the database would). */
function valuedMoves(planned: readonly PlannedMove[]): Omit<PostedStockMove, 'moveId'>[] {
  const valued = planned.map(({ move, lot }) => ({
    lineNo: move.lineNo,
    inventoryId: lot.id,
    itemId: lot.itemId,
    locationId: lot.locationId,
    regionId: lot.regionId,
    quantityIn: move.direction === 'in' ? move.quantity : 0,
    quantityOut: move.direction === 'out' ? move.quantity : 0,
    unitCost: fromMinorUnits(toMinorUnits(lot.unitCost)),
    value: multiply(move.quantity, lot.unitCost),
  }));
  // A lot's cost is read here, not sent: a value (or the document's total) beyond numeric(18,2)
  // is named on the line rather than left to the database's 'out of range'.
  const problems: Record<string, string> = {};
  valued.forEach((moved, index) => {
    if (!fitsIntegerDigits(moved.value)) problems[fieldOf(planned[index]!.move, 'quantity')] = messages.amountTooLarge('The value of this line');
  });
  if (Object.keys(problems).length === 0 && !sumFitsColumn(valued.map((m) => m.value))) problems.lines = messages.amountTooLarge('The value of the lines together');
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return valued;
}

/** The INSERT of the movements (RETURNING id, line order) and the UPDATE of the lots, given the number. */
function writeStatements(posting: Omit<StockPosting, 'document'> & { document: Omit<StockDocument, 'documentNumber'> }, planned: readonly PlannedMove[], quantities: Map<number, number>) {
  const { document } = posting;
  const column = <T>(pick: (planned: PlannedMove, index: number) => T) => planned.map(pick);
  // Each lot moves by its change, not to a number read earlier: a second posting prepared in
  // the same transaction before this one runs must not be overwritten (the CHECK still guards).
  const before = new Map(planned.map(({ lot }) => [lot.id, lot.quantity]));
  const changes = [...quantities.entries()];
  // Arrays, not VALUES lists: the posting's statement keeps one text for any number of lines.
  const moves = (documentNumber: SQL) =>
    sql`INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value,
                                 document_type, document_id, document_number, line_no, created_by)
        SELECT ${document.date}::date, v.item_id, v.inventory_id, v.location_id, v.region_id, v.quantity_in, v.quantity_out, v.unit_cost,
               (v.quantity_in + v.quantity_out) * v.unit_cost, ${document.documentType}::text, ${document.documentId}::int, ${documentNumber},
               v.line_no, ${posting.actor.userId}::int
        FROM unnest(${intArray(column(({ lot }) => lot.itemId))}, ${intArray(column(({ lot }) => lot.id))}, ${intArray(column(({ lot }) => lot.locationId))},
                    ${intArray(column(({ lot }) => lot.regionId))}, ${intArray(column(({ move }) => (move.direction === 'in' ? move.quantity : 0)))},
                    ${intArray(column(({ move }) => (move.direction === 'out' ? move.quantity : 0)))}, ${numericArray(column(({ lot }) => lot.unitCost))},
                    ${intArray(column(({ move }) => move.lineNo))}) WITH ORDINALITY
          AS v(item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, line_no, ord)
        ORDER BY v.ord
        RETURNING id`;
  const lots = () =>
    sql`UPDATE inventory SET quantity = inventory.quantity + q.delta, updated_at = now()
        FROM unnest(${intArray(changes.map(([id]) => id))}, ${intArray(changes.map(([id, quantity]) => quantity - before.get(id)!))}) AS q(id, delta)
        WHERE inventory.id = q.id
        RETURNING inventory.id`;
  return [moves, lots];
}

/** The movements and the lots' new quantities in one statement. */
async function writeMoves(tx: Tx, posting: StockPosting, prepared: PreparedStockPosting): Promise<PostedStockMove[]> {
  const [moves, lots] = prepared.statements as [(n: SQL) => SQL, (n: SQL) => SQL];
  const number = sql`${posting.document.documentNumber}::text`;
  const rows = await queryRows<{ id: string }>(tx, sql`WITH moved AS (${moves(number)}), lots AS (${lots(number)}) SELECT id::text AS id FROM moved ORDER BY id`);
  return prepared.moves.map((move, index) => ({ moveId: Number(rows[index]!.id), ...move }));
}

/** The CHECK (quantity >= 0) is the last guard of a lot; the lock makes it unreachable in practice. */
export function stockCheckRefusal(error: unknown): ConflictError | undefined {
  const pg = pgErrorOf(error);
  // Another table's CHECK in the same statement (the posting's) is not the lot's.
  return pg?.code === '23514' && (pg.table === undefined || pg.table === 'inventory') ? new ConflictError(stockMessages.quantityPositive) : undefined;
}

function totalsOf<Move extends Omit<PostedStockMove, 'moveId'>>(moves: Move[]): { moves: Move[]; valueIn: string; valueOut: string; netValue: string } {
  const valueIn = addDecimals(moves.filter((m) => m.quantityIn > 0).map((m) => m.value));
  const valueOut = addDecimals(moves.filter((m) => m.quantityOut > 0).map((m) => m.value));
  return { moves, valueIn, valueOut, netValue: fromMinorUnits(toMinorUnits(valueIn) - toMinorUnits(valueOut)) };
}

/**
 * Everything of a posting but the writes: creates the lots its receipts name for the first
 * time, locks every lot it touches in id order, refuses what would take a lot below zero
 * (409) or issue an expired lot (409), and values the movements. The lots stay locked until
 * the caller commits; it runs `statements` (with the number) in the same transaction.
 * Throws BadRequestError naming `<field>.<name>` for input the stock cannot take.
 */
export async function prepareStockMoves(
  tx: Tx,
  posting: { document: Omit<StockDocument, 'documentNumber'>; actor: StockPosting['actor']; moves: StockPosting['moves'] },
  /** The lots, locked already in the caller's read (lotsLockRead): every move names its lot by id. */
  locked?: readonly LockedLot[],
): Promise<PreparedStockPosting> {
  if (posting.moves.length === 0) return { ...totalsOf([]), statements: [] };
  assertQuantities(posting.moves);
  const named = locked ? [] : await resolveNamedLots(tx, posting.moves);
  const ids = posting.moves.flatMap((m) => ('inventoryId' in m.lot ? [m.lot.inventoryId] : []));
  const lots = locked ?? (await lockLots(tx, [...new Set(ids)], placesOf(named)));
  const planned = planMoves(posting.moves, named, lots);
  const quantities = assertAvailable(planned, posting.document);
  return { ...totalsOf(valuedMoves(planned)), statements: writeStatements(posting, planned, quantities) };
}

/**
 * Appends a document's movements (prepareStockMoves, then its statements, with the number
 * the document already holds).
 */
export async function postStockMoves(tx: Tx, posting: StockPosting, locked?: readonly LockedLot[]): Promise<StockPostingResult> {
  const prepared = await prepareStockMoves(tx, posting, locked);
  if (prepared.moves.length === 0) return totalsOf([]);
  try {
    return totalsOf(await writeMoves(tx, posting, prepared));
  } catch (error) {
    throw stockCheckRefusal(error) ?? error;
  }
}

/** The movements of units a document posted, in order (its value rows: valueMovesOf). */
export async function stockMovesOf(tx: Tx, document: { documentType: string; documentId: number }): Promise<PostedStockMove[]> {
  const rows = await queryRows<Record<keyof PostedStockMove, string | number>>(
    tx,
    sql`SELECT id::text AS "moveId", line_no AS "lineNo", inventory_id AS "inventoryId", item_id AS "itemId", location_id AS "locationId",
               region_id AS "regionId", quantity_in AS "quantityIn", quantity_out AS "quantityOut", unit_cost::text AS "unitCost", value::text AS value
        FROM stock_moves WHERE document_type = ${document.documentType} AND document_id = ${document.documentId} AND kind = 'quantity' ORDER BY id`,
  );
  return rows.map((r) => ({
    moveId: Number(r.moveId),
    lineNo: Number(r.lineNo),
    inventoryId: Number(r.inventoryId),
    itemId: Number(r.itemId),
    locationId: Number(r.locationId),
    regionId: Number(r.regionId),
    quantityIn: Number(r.quantityIn),
    quantityOut: Number(r.quantityOut),
    unitCost: String(r.unitCost),
    value: String(r.value),
  }));
}

/**
 * Refuses (409) a mirror whose units would go back at another cost than they left at: a lot row the
 * document moved whose unit cost changed since (a landed cost, issue 33), by whatever document. Its
 * ledger rows mirror the old cost, the mirror's movements would take the new one (decisions/
 * landed-costs.md, "No past row changes"). Read from the rows as locked, so no change slips in
 * between the check and the mirror.
 */
async function assertCostsStand(tx: Tx, original: readonly PostedStockMove[], locked: readonly LockedLot[]): Promise<void> {
  const byId = new Map(locked.map((lot) => [lot.id, lot]));
  const changed = original.find((move) => {
    const lot = byId.get(move.inventoryId);
    return lot !== undefined && toMinorUnits(lot.unitCost) !== toMinorUnits(move.unitCost);
  });
  if (!changed) return;
  const lot = byId.get(changed.inventoryId)!;
  const [by] = await queryRows<{ documentNumber: string }>(
    tx,
    sql`SELECT document_number AS "documentNumber" FROM stock_moves WHERE inventory_id = ${lot.id}::int AND kind = 'value' AND id > ${changed.moveId}::bigint ORDER BY id DESC LIMIT 1`,
  );
  throw new ConflictError(stockMessages.costChangedSince(lotLabel(lot.itemName, lot.lotNumber), by?.documentNumber ?? null));
}

/**
 * Cancelling: writes the mirror of a document's movements (in and out swapped, same lots and
 * costs) under the reversal document. Refused with a 409 when stock the document received
 * has since been drawn, so the mirror would take a lot below zero, or when a lot it moved has
 * changed cost since (assertCostsStand). Expired stock may be returned and taken back: a
 * mistake must always be undoable. The caller's document status guards against twice.
 */
export async function reverseStockMoves(
  tx: Tx,
  document: { documentType: string; documentId: number },
  reversal: StockDocument,
  actor: { userId: number | null },
): Promise<StockPostingResult> {
  const original = await stockMovesOf(tx, document);
  const values = await valueMovesOf(tx, document);
  // A document's changes of lot costs are undone first, so any units it also moved go back at the cost they left at.
  if (values.length > 0) {
    const changes = values.map((v) => ({ lineNo: v.lineNo, inventoryId: v.inventoryId, unitCostChange: negateDecimal(v.unitCostChange) }));
    const prepared = await prepareLotCostChanges(tx, { document: reversal, actor, changes }, await lockLotRows(tx, changes.map((c) => c.inventoryId)));
    await writePrepared(tx, reversal.documentNumber, prepared.statements);
  }
  if (original.length === 0) return totalsOf([]);
  const moves: StockMoveInput[] = original.map((move) => ({
    lineNo: move.lineNo,
    lot: { inventoryId: move.inventoryId },
    direction: move.quantityIn > 0 ? 'out' : 'in',
    quantity: move.quantityIn > 0 ? move.quantityIn : move.quantityOut,
    purpose: 'adjustment',
  }));
  // The lots first (id order, as every posting), then their costs as locked.
  const locked = await lockLotRows(tx, original.map((move) => move.inventoryId));
  await assertCostsStand(tx, original, locked);
  try {
    return await postStockMoves(tx, { document: reversal, actor, moves }, locked);
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') throw new ConflictError(stockMessages.cannotReverse(error.message));
    throw error;
  }
}

/**
 * Gives an empty lot a new unit cost before stock comes back into it (issue 21: a rented
 * analyser returns to its warehouse lot at its book value). Refused (409) while the lot holds
 * stock: its value on hand would change without a movement. Lock order: the lot alone.
 */
export async function revalueEmptyLot(tx: Tx, inventoryId: number, unitCost: string): Promise<void> {
  const [row] = await queryRows<{ quantity: number }>(tx, sql`SELECT quantity FROM inventory WHERE id = ${inventoryId}::int FOR UPDATE`);
  if (!row) throw new ConflictError('The lot does not exist');
  if (Number(row.quantity) !== 0) throw new ConflictError('The lot holds stock: its cost cannot change');
  await tx.execute(sql`UPDATE inventory SET unit_cost = ${unitCost}::numeric, updated_at = now() WHERE id = ${inventoryId}::int`);
}

/**
 * A change of lots' unit cost (issue 33, section 3: a landed cost; a credit note lowers it): per
 * lot row, the change per unit, signed. A lot keeps one unit cost, so every unit it holds takes
 * the change; the stock ledger records it as a value row (kind 'value', quantities 0, unit_cost
 * the change per unit, value the units there x the change), one per row changed, so the rows'
 * values still add up to the lots' quantity x unit cost.
 */
export interface LotCostChange {
  lineNo: number;
  inventoryId: number;
  /** Decimal string, two decimals at most, signed. */
  unitCostChange: string;
  /** Where a refusal points (`lines.3`). */
  field?: string;
}

export interface PreparedValueMove {
  lineNo: number;
  inventoryId: number;
  itemId: number;
  locationId: number;
  regionId: number;
  /** The units the lot row holds: what the change is worth there. */
  quantity: number;
  unitCostBefore: string;
  unitCostChange: string;
  /** quantity x change, signed. */
  value: string;
}

export interface PreparedValueChanges {
  moves: PreparedValueMove[];
  /** The value rows together: what the Inventory accounts move by (a debit when positive). */
  netValue: string;
  /** The value rows and the lots' new costs, as statements given the number (postToLedger's `before`). */
  statements: Array<(documentNumber: SQL) => SQL>;
}

/**
 * Locks lot rows by id, in id order, and reads what cost changes and draws check (a caller that reads facts under the locks first).
 * With `places`, the rows of those lots that exist there too, in the same statement: a posting that must read a lot under its lock
 * before naming where its units go (a transfer's in-transit lot takes its source lot's cost as locked) locks every row its moves
 * will touch in one id order, as the posting would; prepareStockMoves then finds them locked already.
 */
export async function lockLotRows(tx: Tx, ids: readonly number[], places: readonly LotPlace[] = []): Promise<LockedLot[]> {
  return lockLots(tx, [...new Set(ids)], places);
}

/**
 * The value rows of a cost change, checked against the locked lots: a lot missing is 400 naming
 * `<field>.inventoryId`; a unit cost going below 0 is 409 naming the item and lot. Changes of one
 * row add up (two charges on one lot). The lots must be locked already (`lockLotRows`), so the
 * units each row holds cannot move before the caller's statement writes the rows.
 */
export async function prepareLotCostChanges(
  _tx: Tx,
  posting: { document: Omit<StockDocument, 'documentNumber'>; actor: StockPosting['actor']; changes: readonly LotCostChange[] },
  locked: readonly LockedLot[],
): Promise<PreparedValueChanges> {
  const byId = new Map(locked.map((lot) => [lot.id, lot]));
  const perRow = new Map<number, { change: LotCostChange; total: bigint }>();
  const problems: Record<string, string> = {};
  for (const change of posting.changes) {
    if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(change.unitCostChange)) throw new Error(`Not a cost change: ${change.unitCostChange}`);
    if (!byId.has(change.inventoryId)) {
      problems[change.field ? `${change.field}.inventoryId` : 'inventoryId'] = stockMessages.lotMissing;
      continue;
    }
    const seen = perRow.get(change.inventoryId);
    perRow.set(change.inventoryId, { change: seen?.change ?? change, total: (seen?.total ?? 0n) + toMinorUnits(change.unitCostChange) });
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  const moves: PreparedValueMove[] = [...perRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, { change, total }]) => {
      const lot = byId.get(id)!;
      const after = toMinorUnits(lot.unitCost) + total;
      if (after < 0n) {
        const message = stockMessages.costBelowZero(lotLabel(lot.itemName, lot.lotNumber), lot.unitCost, fromMinorUnits(total));
        throw new ConflictError(message, { [change.field ?? 'lines']: message });
      }
      return {
        lineNo: change.lineNo,
        inventoryId: id,
        itemId: lot.itemId,
        locationId: lot.locationId,
        regionId: lot.regionId,
        quantity: lot.quantity,
        unitCostBefore: fromMinorUnits(toMinorUnits(lot.unitCost)),
        unitCostChange: fromMinorUnits(total),
        value: fromMinorUnits(total * BigInt(lot.quantity)),
      };
    })
    .filter((move) => move.unitCostChange !== '0.00');
  const netValue = addDecimals(moves.map((m) => m.value));
  if (!fitsIntegerDigits(netValue.replace('-', '')) || moves.some((m) => !fitsIntegerDigits(m.value.replace('-', '')))) {
    throw new BadRequestError({ lines: messages.amountTooLarge('The value of the lines together') });
  }
  const { document } = posting;
  const column = <T>(pick: (move: PreparedValueMove) => T) => moves.map(pick);
  const rows = (documentNumber: SQL) =>
    sql`INSERT INTO stock_moves (kind, move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value,
                                 document_type, document_id, document_number, line_no, created_by)
        SELECT 'value', ${document.date}::date, v.item_id, v.inventory_id, v.location_id, v.region_id, 0, 0, v.change, v.value,
               ${document.documentType}::text, ${document.documentId}::int, ${documentNumber}, v.line_no, ${posting.actor.userId}::int
        FROM unnest(${intArray(column((m) => m.itemId))}, ${intArray(column((m) => m.inventoryId))}, ${intArray(column((m) => m.locationId))},
                    ${intArray(column((m) => m.regionId))}, ${numericArray(column((m) => m.unitCostChange))}, ${numericArray(column((m) => m.value))},
                    ${intArray(column((m) => m.lineNo))}) WITH ORDINALITY
          AS v(item_id, inventory_id, location_id, region_id, change, value, line_no, ord)
        ORDER BY v.ord
        RETURNING id`;
  const costs = () =>
    sql`UPDATE inventory SET unit_cost = inventory.unit_cost + c.change, updated_at = now()
        FROM unnest(${intArray(column((m) => m.inventoryId))}, ${numericArray(column((m) => m.unitCostChange))}) AS c(id, change)
        WHERE inventory.id = c.id
        RETURNING inventory.id`;
  return { moves, netValue, statements: moves.length === 0 ? [] : [rows, costs] };
}

/** Runs prepared statements in one statement of their own, given the number the document holds. */
async function writePrepared(tx: Tx, documentNumber: string, statements: ReadonlyArray<(n: SQL) => SQL>): Promise<void> {
  if (statements.length === 0) return;
  const number = sql`${documentNumber}::text`;
  const ctes = statements.map((statement, index) => sql`${sql.identifier(`s${index}`)} AS (${statement(number)})`);
  await tx.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
}

/** Changes lots' unit cost now, under a number the document holds already (prepareLotCostChanges, then its statements). */
export async function postLotCostChanges(
  tx: Tx,
  posting: { document: StockDocument; actor: StockPosting['actor']; changes: readonly LotCostChange[] },
): Promise<PreparedValueChanges> {
  const locked = await lockLotRows(tx, posting.changes.map((c) => c.inventoryId));
  const prepared = await prepareLotCostChanges(tx, posting, locked);
  await writePrepared(tx, posting.document.documentNumber, prepared.statements);
  return prepared;
}

/** The value rows a document posted, in order. */
export async function valueMovesOf(tx: Tx, document: { documentType: string; documentId: number }): Promise<Array<{ moveId: number; lineNo: number; inventoryId: number; unitCostChange: string; value: string }>> {
  const rows = await queryRows<{ moveId: string; lineNo: number; inventoryId: number; unitCostChange: string; value: string }>(
    tx,
    sql`SELECT id::text AS "moveId", line_no AS "lineNo", inventory_id AS "inventoryId", unit_cost::text AS "unitCostChange", value::text AS value
        FROM stock_moves WHERE document_type = ${document.documentType} AND document_id = ${document.documentId}::int AND kind = 'value' ORDER BY id`,
  );
  return rows.map((r) => ({ moveId: Number(r.moveId), lineNo: Number(r.lineNo), inventoryId: Number(r.inventoryId), unitCostChange: r.unitCostChange, value: r.value }));
}
