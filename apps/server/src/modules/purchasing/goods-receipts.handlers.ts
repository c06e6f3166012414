import { goodsReceiptDocument, addDays, addDecimals, compareDecimal, currencyMessages, exchangeRateScale, type GoodsReceiptInput, type GoodsReceiptLogger, isDecimalString, isExpired, multiply, multiplyDecimals, purchasingMessages, toMinorUnits, canonicalDecimal } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { assertOpenIn, assertPeriodOpen, type LedgerLineInput, postDocument, readPostingContext, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { type AlongsideStatement } from '../../lib/document/document-number.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, reverseStockMoves, stockCheckRefusal, type StockMoveInput } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf } from '../../lib/document/document-binding.ts';
import { pgErrorOf } from '../../lib/pg-error.ts';
import type { GoodsReceiptDetail } from './goods-receipts.queries.ts';
import { purchaseOrderScope } from './purchase-orders.queries.ts';
import { companySettingSql } from '../setup/setup.api.ts';
import { rateOrRefusal } from '../currencies/currencies.api.ts';

const { documentType } = goodsReceiptDocument;


interface OrderLineFacts {
  id: number;
  itemId: number;
  quantity: number;
  receivedQuantity: number;
  unitCost: string;
  itemName: string;
  articleNumber: string;
  lotTracked: boolean;
  storageCondition: string;
}

/** The order a receipt is on, as the checks read it (within the actor's regions), with the settings they need. */
interface ReceiptFacts {
  order: {
    id: number;
    status: string;
    documentNumber: string | null;
    orderDate: string;
    vendorId: number;
    vendorName: string;
    vendorAccountId: number;
    paymentTermsDays: number;
    regionId: number;
    regionName: string;
    /** The order's currency (the vendor's when saved): its lines' unit costs are in it. */
    currency: string;
    vendorCurrency: string;
  } | null;
  lines: Map<number, OrderLineFacts>;
  companyCurrency: string;
  nearExpiryDays: number;
  /** The Inventory posting account chosen in settings, if any. */
  inventoryAccountId: number | null;
}

/**
 * One read: the order (in the actor's regions, else missing), its lines with their items,
 * the near-expiry window and the Inventory account. With `lock` (posting and cancelling) the
 * order's lines are locked in id order; the caller has locked the order's row first, so two
 * receipts of one order take turns and each sees what the other received.
 */
async function readFacts(tx: Tx, actor: Actor, purchaseOrderId: number, options: { lock?: boolean } = {}): Promise<ReceiptFacts> {
  const scope = purchaseOrderScope(actor, sql`o.region_id`);
  const [row] = await queryRows<{ order: unknown; lines: unknown; nearExpiryDays: number | null; inventoryAccountId: number | null; companyCurrency: string | null }>(
    tx,
    sql`SELECT (SELECT json_build_object('id', o.id, 'status', o.status, 'documentNumber', o.document_number, 'orderDate', o.document_date, 'vendorId', o.vendor_id, 'vendorName', v.vendor_name,
                                         'vendorAccountId', v.account_id, 'paymentTermsDays', v.payment_terms_days, 'regionId', o.region_id, 'regionName', r.region_name, 'currency', o.currency, 'vendorCurrency', v.currency)
                  FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id JOIN regions r ON r.id = o.region_id
                  WHERE o.id = ${purchaseOrderId}::int ${scope ? sql`AND ${scope}` : sql``}) AS "order",
               (SELECT json_agg(json_build_object('id', l.id, 'itemId', l.item_id, 'quantity', l.quantity, 'receivedQuantity', l.received_quantity,
                                                  'unitCost', l.unit_cost::text, 'itemName', it.item_name, 'articleNumber', it.article_number, 'lotTracked', it.lot_tracked,
                                                  'storageCondition', it.storage_condition))
                  FROM (SELECT * FROM purchase_order_lines WHERE purchase_order_id = ${purchaseOrderId}::int ORDER BY id ${options.lock ? sql`FOR NO KEY UPDATE` : sql``}) l
                  JOIN items it ON it.id = l.item_id) AS lines,
               ${companySettingSql('nearExpiryDays')} AS "nearExpiryDays",
               (SELECT account_id FROM posting_accounts WHERE key = 'inventory') AS "inventoryAccountId",
               ${companySettingSql('currency')}::text AS "companyCurrency"`,
  );
  const order = jsonValue<ReceiptFacts['order']>(row!.order);
  const lines = jsonValue<OrderLineFacts[] | null>(row!.lines) ?? [];
  return {
    order: order && { ...order, id: Number(order.id), vendorId: Number(order.vendorId), vendorAccountId: Number(order.vendorAccountId), regionId: Number(order.regionId) },
    lines: new Map(
      order
        ? lines.map((l) => [Number(l.id), { ...l, id: Number(l.id), itemId: Number(l.itemId), quantity: Number(l.quantity), receivedQuantity: Number(l.receivedQuantity) }])
        : [],
    ),
    nearExpiryDays: Number(row!.nearExpiryDays ?? 90),
    inventoryAccountId: row!.inventoryAccountId === null ? null : Number(row!.inventoryAccountId),
    companyCurrency: row!.companyCurrency ?? 'PKR',
  };
}

/**
 * The rate the receipt is costed at (issue 33, section 2): the one given, else the receipt date's
 * (none: 400 naming `exchangeRate`); a receipt in the company currency takes none (1).
 */
async function rateOf(tx: Tx, input: GoodsReceiptInput, facts: ReceiptFacts): Promise<string> {
  const { currency } = facts.order!;
  if (currency === facts.companyCurrency) {
    // At a rate's own 6 decimals: '1' and '1.000000' are 1 and '1.123456' is another rate (at money's 2 decimals it threw, a 500).
    const one = input.exchangeRate ? isDecimalString(input.exchangeRate, exchangeRateScale, 12) && compareDecimal(input.exchangeRate, '1', exchangeRateScale) === 0 : true;
    if (!one) throw new BadRequestError({ exchangeRate: currencyMessages.companyRate(currency) });
    return '1.000000';
  }
  // Six decimals, as the column answers it.
  return input.exchangeRate ? multiplyDecimals(input.exchangeRate, '1', { scale: 6 }) : (await rateOrRefusal(tx, currency, input.receiptDate)).rate;
}

/** A line's cost in the company currency: the order's price times the rate, half up to the cent (the lot keeps one unit cost). */
const unitCostAt = (orderLine: OrderLineFacts, rate: string) => multiplyDecimals(orderLine.unitCost, rate);

/**
 * The rules of a receipt (issue 7, section 2), checked on save and again when posting (under
 * the order's lock: the order or its receipts may have changed since the draft): an approved
 * order of the actor's; lines of that order; per order line, never more than ordered less
 * already received (summed over the receipt's lines); lot number and expiry for lot-tracked
 * items; a receipt date between the order date and today; nothing expired and near expiry
 * only when confirmed, both judged on the day the goods enter stock: today, not the receipt
 * date (a backdated receipt would otherwise bring in goods that have expired since).
 */
function assertReceipt(input: GoodsReceiptInput, facts: ReceiptFacts, today = todayIso()): void {
  if (!facts.order) throw new BadRequestError({ purchaseOrderId: purchasingMessages.orderMissing });
  if (facts.order.status !== 'approved') throw new BadRequestError({ purchaseOrderId: purchasingMessages.orderNotApproved });
  // The vendor's account is in its currency now: a bill in another would be posted to it in the wrong one.
  if (facts.order.currency !== facts.order.vendorCurrency) throw new BadRequestError({ purchaseOrderId: purchasingMessages.orderCurrency(facts.order.currency, facts.order.vendorCurrency) });
  const problems: Record<string, string> = {};
  if (input.receiptDate > today) problems.receiptDate = purchasingMessages.receiptDateFuture;
  else if (input.receiptDate < facts.order.orderDate) problems.receiptDate = purchasingMessages.receiptBeforeOrder(facts.order.orderDate);
  const receiving = new Map<number, number>();
  const judgedOn = input.receiptDate > today ? input.receiptDate : today;
  const nearFrom = addDays(judgedOn, facts.nearExpiryDays);
  input.lines.forEach((line, index) => {
    const field = (name: string) => `lines.${index}.${name}`;
    const orderLine = facts.lines.get(line.purchaseOrderLineId);
    if (!orderLine) {
      problems[field('purchaseOrderLineId')] = purchasingMessages.orderLineMissing;
      return;
    }
    const total = (receiving.get(orderLine.id) ?? 0) + line.quantity;
    receiving.set(orderLine.id, total);
    if (total > orderLine.quantity - orderLine.receivedQuantity) problems[field('quantity')] = purchasingMessages.overReceipt(orderLine.quantity, orderLine.receivedQuantity);
    const lotNumber = line.lotNumber?.trim() ?? '';
    if (orderLine.lotTracked && lotNumber === '') problems[field('lotNumber')] = purchasingMessages.lotRequired;
    if (orderLine.lotTracked && !line.dateExpiry) problems[field('dateExpiry')] = purchasingMessages.expiryRequired;
    if (line.dateExpiry && isExpired(line.dateExpiry, judgedOn)) problems[field('dateExpiry')] = purchasingMessages.expired(line.dateExpiry);
    else if (line.dateExpiry && line.dateExpiry <= nearFrom && !input.acceptNearExpiry) problems[field('dateExpiry')] = purchasingMessages.nearExpiry(facts.nearExpiryDays);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/**
 * A lot number, or '' for the line's own lot. An untracked item's own lot is named after the
 * receipt and the order line (`GR<receipt id>-<order line id>`): each receipt is its own lot,
 * and within it each order line, whose unit cost may differ from another line of the same
 * item (a free bonus line next to a paid one); one lot holds one cost.
 */
const lotNumberOf = (line: GoodsReceiptInput['lines'][number]) => line.lotNumber?.trim() ?? '';
export const ownLotNumber = (receiptId: number, purchaseOrderLineId: number) => `GR${receiptId}-${purchaseOrderLineId}`;

function linesSql(input: GoodsReceiptInput, facts: ReceiptFacts, rate: string): SQL {
  return sql.join(
    input.lines.map((line, index) => {
      const orderLine = facts.lines.get(line.purchaseOrderLineId)!;
      return sql`(${index + 1}::int, ${orderLine.id}::int, ${orderLine.itemId}::int, ${line.quantity}::int, ${lotNumberOf(line)}::text,
                  ${line.dateExpiry ?? null}::date, ${unitCostAt(orderLine, rate)}::numeric, ${line.storageUnitId ?? null}::int, ${line.gtin ?? null}::text, ${line.serialNumber ?? null}::text,
                  ${orderLine.unitCost}::numeric)`;
    }),
    sql`, `,
  );
}

const insertLinesInto = sql`INSERT INTO goods_receipt_lines (goods_receipt_id, line_no, purchase_order_line_id, item_id, quantity, lot_number, date_expiry, unit_cost, storage_unit_id, gtin, serial_number, foreign_unit_cost)`;
const valuesColumns = sql`v(line_no, purchase_order_line_id, item_id, quantity, lot_number, date_expiry, unit_cost, storage_unit_id, gtin, serial_number, foreign_unit_cost)`;
/** ownLotNumber in SQL, for the INSERT that learns the receipt's id. */
const lotOf = (receiptId: SQL) => sql`CASE WHEN v.lot_number = '' THEN 'GR' || ${receiptId} || '-' || v.purchase_order_line_id ELSE v.lot_number END`;


/** The logger's fields as given, each absent one its default: the values of the six logger columns. */
function loggerOf(input: GoodsReceiptInput): GoodsReceiptLogger {
  return {
    loggerResult: input.loggerResult ?? null,
    loggerSerial: input.loggerSerial?.trim() ?? '',
    loggerMinC: input.loggerMinC ?? null,
    loggerMaxC: input.loggerMaxC ?? null,
    loggerMinutesOutside: input.loggerMinutesOutside ?? null,
    loggerNotes: input.loggerNotes?.trim() ?? '',
  };
}

function loggerValues(input: GoodsReceiptInput): SQL {
  const logger = loggerOf(input);
  return sql`${logger.loggerResult}::text, ${logger.loggerSerial}::text, ${logger.loggerMinC}::numeric, ${logger.loggerMaxC}::numeric,
             ${logger.loggerMinutesOutside}::int, ${logger.loggerNotes}::text`;
}

/** The receipt's value in the company currency: each line at its unit cost in it. */
function totalOf(input: GoodsReceiptInput, facts: ReceiptFacts, rate: string): string {
  return addDecimals(input.lines.map((l) => multiply(l.quantity, unitCostAt(facts.lines.get(l.purchaseOrderLineId)!, rate))));
}

/** The receipt's value in its currency, at the order's prices. */
function foreignTotalOf(input: GoodsReceiptInput, facts: ReceiptFacts): string {
  return addDecimals(input.lines.map((l) => multiply(l.quantity, facts.lines.get(l.purchaseOrderLineId)!.unitCost)));
}

/** A draft as the database now holds it, built from what was written and read (no re-read): what a GET answers. */
function draftOf(id: number, input: GoodsReceiptInput, facts: ReceiptFacts, rate: string, stamps: { createdBy: number | null; createdAt: Date; updatedAt: Date }): GoodsReceiptDetail {
  const order = facts.order!;
  const foreignTotal = foreignTotalOf(input, facts);
  return {
    id,
    documentNumber: null,
    purchaseOrderId: order.id,
    purchaseOrder: { documentNumber: order.documentNumber, vendorId: order.vendorId, regionId: order.regionId },
    vendor: { vendorName: order.vendorName },
    region: { regionName: order.regionName },
    receiptDate: input.receiptDate,
    notes: input.notes ?? '',
    acceptNearExpiry: input.acceptNearExpiry ?? false,
    ...loggerOf(input),
    status: 'draft',
    totalValue: totalOf(input, facts, rate),
    paidAmount: '0.00',
    openAmount: totalOf(input, facts, rate),
    currency: order.currency,
    exchangeRate: rate,
    foreignTotal,
    foreignPaid: '0.00',
    foreignOpen: foreignTotal,
    dueDate: addDays(input.receiptDate, Number(order.paymentTermsDays)),
    paymentStatus: 'unpaid',
    postedAt: null,
    postedBy: null,
    cancelledAt: null,
    cancelledBy: null,
    ...stamps,
    lines: input.lines.map((line, index) => {
      const orderLine = facts.lines.get(line.purchaseOrderLineId)!;
      return {
        lineNo: index + 1,
        purchaseOrderLineId: orderLine.id,
        itemId: orderLine.itemId,
        quantity: line.quantity,
        lotNumber: lotNumberOf(line) || ownLotNumber(id, orderLine.id),
        dateExpiry: line.dateExpiry ?? null,
        unitCost: unitCostAt(orderLine, rate),
        value: multiply(line.quantity, unitCostAt(orderLine, rate)),
        foreignUnitCost: canonicalDecimal(orderLine.unitCost),
        foreignValue: multiply(line.quantity, orderLine.unitCost),
        inventoryId: null,
        storageUnitId: line.storageUnitId ?? null,
        gtin: line.gtin ?? null,
        serialNumber: line.serialNumber ?? null,
        item: { itemName: orderLine.itemName, articleNumber: orderLine.articleNumber, lotTracked: orderLine.lotTracked, storageCondition: orderLine.storageCondition },
      };
    }),
  };
}

/** The receipt's lines as input again (the draft as stored), for the checks at posting. */
function inputOf(receipt: GoodsReceiptDetail): GoodsReceiptInput {
  return {
    purchaseOrderId: receipt.purchaseOrderId,
    receiptDate: receipt.receiptDate,
    notes: receipt.notes,
    acceptNearExpiry: receipt.acceptNearExpiry,
    exchangeRate: receipt.exchangeRate,
    lines: receipt.lines.map((l) => ({ purchaseOrderLineId: l.purchaseOrderLineId, quantity: l.quantity, lotNumber: l.lotNumber, dateExpiry: l.dateExpiry, storageUnitId: l.storageUnitId, gtin: l.gtin, serialNumber: l.serialNumber })),
  };
}

/**
 * Locks the order's row: receipts of one order post and cancel one at a time (and an order
 * cancel waits for them). NO KEY UPDATE, not UPDATE: a receipt saved and posted in one
 * transaction already holds the KEY SHARE lock of its foreign key on the order (and on its
 * lines), which UPDATE would wait for in every other such transaction: a deadlock.
 */
async function lockOrder(tx: Tx, purchaseOrderId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM purchase_orders WHERE id = ${purchaseOrderId}::int FOR NO KEY UPDATE`);
}

/** Each order line's received quantity moved by `sign` x what the receipt's lines hold for it. */
function receivedUpdate(receipt: GoodsReceiptDetail, sign: 1 | -1): SQL {
  const byLine = new Map<number, number>();
  for (const line of receipt.lines) byLine.set(line.purchaseOrderLineId, (byLine.get(line.purchaseOrderLineId) ?? 0) + sign * line.quantity);
  const values = [...byLine.entries()].map(([id, delta]) => sql`(${id}::int, ${delta}::int)`);
  return sql`UPDATE purchase_order_lines SET received_quantity = purchase_order_lines.received_quantity + q.delta
             FROM (VALUES ${sql.join(values, sql`, `)}) AS q(id, delta) WHERE purchase_order_lines.id = q.id RETURNING purchase_order_lines.id`;
}

/** The CHECK on received_quantity is the last guard against receiving more than ordered; the order's lock makes it unreachable in practice. */
function overReceiptRefusal(error: unknown): AppError | undefined {
  return pgErrorOf(error)?.constraint === 'purchase_order_lines_received_quantity_check' ? new ConflictError(purchasingMessages.receivedChanged) : undefined;
}

/** The ledger's refusal of a lot number held with another cost speaks of the line's unit cost, which a receipt takes from its order: name the lot number instead. */
function onLotNumber(error: unknown): unknown {
  if (!(error instanceof BadRequestError) || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([key, message]) => [key.replace(/\.unitCost$/, '.lotNumber'), message]));
  return new BadRequestError(errors, error.message);
}

export function goodsReceiptHandlers(): DocumentHandlers<GoodsReceiptInput, GoodsReceiptDetail, ActionOf<typeof goodsReceiptDocument>> {
  return {
    /** After the check's one read, the header and its lines in one statement; untracked lots named after the receipt. */
    async create(tx, actor, input) {
      const facts = await readFacts(tx, actor, input.purchaseOrderId);
      assertReceipt(input, facts);
      const rate = await rateOf(tx, input, facts);
      const [row] = await queryRows<{ id: number; createdAt: string | Date }>(
        tx,
        sql`WITH g AS (
              INSERT INTO goods_receipts (document_date, purchase_order_id, notes, accept_near_expiry, total_value, created_by,
                                         logger_result, logger_serial, logger_min_c, logger_max_c, logger_minutes_outside, logger_notes,
                                         currency, exchange_rate, foreign_total)
              VALUES (${input.receiptDate}::date, ${input.purchaseOrderId}::int, ${input.notes ?? ''}, ${input.acceptNearExpiry ?? false}::boolean,
                      ${totalOf(input, facts, rate)}::numeric, ${actor.userId}::int, ${loggerValues(input)},
                      ${facts.order!.currency}::text, ${rate}::numeric, ${foreignTotalOf(input, facts)}::numeric)
              RETURNING id, created_at),
            l AS (${insertLinesInto}
                  SELECT g.id, v.line_no, v.purchase_order_line_id, v.item_id, v.quantity, ${lotOf(sql`g.id`)}, v.date_expiry, v.unit_cost, v.storage_unit_id, v.gtin, v.serial_number, v.foreign_unit_cost
                  FROM g CROSS JOIN (VALUES ${linesSql(input, facts, rate)}) AS ${valuesColumns})
            SELECT id, created_at AS "createdAt" FROM g`,
      );
      const at = new Date(row!.createdAt);
      return { document: draftOf(Number(row!.id), input, facts, rate, { createdBy: actor.userId, createdAt: at, updatedAt: at }) };
    },

    async update(tx, actor, before, input) {
      const facts = await readFacts(tx, actor, input.purchaseOrderId);
      assertReceipt(input, facts);
      const rate = await rateOf(tx, input, facts);
      const [row] = await queryRows<{ updatedAt: string | Date }>(
        tx,
        sql`WITH g AS (
              UPDATE goods_receipts SET document_date = ${input.receiptDate}::date, purchase_order_id = ${input.purchaseOrderId}::int, notes = ${input.notes ?? ''},
                     accept_near_expiry = ${input.acceptNearExpiry ?? false}::boolean, total_value = ${totalOf(input, facts, rate)}::numeric, updated_at = now(),
                     currency = ${facts.order!.currency}::text, exchange_rate = ${rate}::numeric, foreign_total = ${foreignTotalOf(input, facts)}::numeric,
                     (logger_result, logger_serial, logger_min_c, logger_max_c, logger_minutes_outside, logger_notes) = ROW(${loggerValues(input)})
              WHERE id = ${before.id}::int RETURNING updated_at),
            d AS (DELETE FROM goods_receipt_lines WHERE goods_receipt_id = ${before.id}::int)
            SELECT updated_at AS "updatedAt" FROM g`,
      );
      // A statement does not see the rows its own DELETE removes, so the new lines go in the next.
      await tx.execute(
        sql`${insertLinesInto}
            SELECT ${before.id}::int, v.line_no, v.purchase_order_line_id, v.item_id, v.quantity, ${lotOf(sql`${before.id}::int`)}, v.date_expiry, v.unit_cost, v.storage_unit_id, v.gtin, v.serial_number, v.foreign_unit_cost
            FROM (VALUES ${linesSql(input, facts, rate)}) AS ${valuesColumns}`,
      );
      const stamps = { createdBy: before.createdBy as number | null, createdAt: before.createdAt as Date, updatedAt: new Date(row!.updatedAt) };
      return { document: draftOf(before.id, input, facts, rate, stamps) };
    },

    transitions: {
      /**
       * The order's row, then its lines, locked and the rules checked again; then stock first
       * and the general ledger after (the one lock order of ledger/stock-ledger.ts): the lots
       * created or found and locked, the lines told their lots, and one statement takes the
       * number and writes the movements, the lots' quantities, Dr Inventory / Cr the vendor at
       * the order's cost, the received quantities, status, stamps and audit row.
       */
      async post(tx, actor, draft, step) {
        await lockOrder(tx, draft.purchaseOrderId);
        // The receipt was found within the actor's regions; its order is the receipt's region.
        const facts = await readFacts(tx, { ...actor, permissions: {} }, draft.purchaseOrderId, { lock: true });
        assertReceipt(inputOf(draft), facts);
        const order = facts.order!;
        const { inventory } = chosenAccounts(facts.inventoryAccountId === null ? {} : { inventory: facts.inventoryAccountId }, ['inventory']);
        const date = draft.receiptDate;
        const context = await readPostingContext(tx, [inventory, order.vendorAccountId], actor.userId);
        // Goods at no cost write no ledger rows, so postToLedger would not check the period.
        assertOpenIn(context, date, 'receiptDate');
        const moves: StockMoveInput[] = draft.lines.map((line, index) => ({
          lineNo: line.lineNo,
          field: `lines.${index}`,
          direction: 'in',
          quantity: line.quantity,
          // The line's cost in the company currency, fixed at its save with the receipt's rate.
          lot: { itemId: line.itemId, lotNumber: line.lotNumber, dateExpiry: line.dateExpiry, regionId: order.regionId, unitCost: line.unitCost },
        }));
        let stock: Awaited<ReturnType<typeof prepareStockMoves>>;
        try {
          stock = await prepareStockMoves(tx, { document: { documentType, documentId: draft.id, date }, actor: { userId: actor.userId }, moves });
        } catch (error) {
          throw onLotNumber(error);
        }
        const lotOfLine = new Map(stock.moves.map((m) => [m.lineNo, m.inventoryId]));
        const lotValues = draft.lines.map((l) => sql`(${l.lineNo}::int, ${lotOfLine.get(l.lineNo)!}::int)`);
        // While the receipt is still a draft (its lines then change no more).
        await tx.execute(
          sql`UPDATE goods_receipt_lines SET inventory_id = q.inventory_id FROM (VALUES ${sql.join(lotValues, sql`, `)}) AS q(line_no, inventory_id)
              WHERE goods_receipt_lines.goods_receipt_id = ${draft.id}::int AND goods_receipt_lines.line_no = q.line_no`,
        );
        const narration = `Goods receipt on ${order.documentNumber} from ${order.vendorName}`.slice(0, 500);
        const amount = stock.valueIn;
        const lines: LedgerLineInput[] = [
          { accountId: inventory, debit: amount, credit: '0', memo: narration.slice(0, 200), regionId: order.regionId },
          {
            accountId: order.vendorAccountId,
            debit: '0',
            credit: amount,
            memo: narration.slice(0, 200),
            regionId: order.regionId,
            partyType: 'vendor',
            partyId: order.vendorId,
            // A foreign vendor's bill: what it owes in its currency, at the receipt's rate (issue 33).
            ...(draft.currency === facts.companyCurrency ? {} : { currency: draft.currency, exchangeRate: draft.exchangeRate, foreignDebit: '0', foreignCredit: draft.foreignTotal }),
          },
        ];
        const received: AlongsideStatement = () => receivedUpdate(draft, 1);
        const writes = [...step.claim({ total_value: sql`${amount}::numeric` }), received];
        let documentNumber: string;
        try {
          documentNumber = await postDocument(
            tx,
            {
              ...step.posting,
              narration,
              lines,
              before: stock.statements,
              alongside: writes,
            },
            context,
          );
        } catch (error) {
          throw overReceiptRefusal(error) ?? stockCheckRefusal(error) ?? error;
        }
        const document: GoodsReceiptDetail = {
          ...draft,
          status: 'posted',
          documentNumber,
          totalValue: amount,
          openAmount: amount,
          postedAt: context.at,
          postedBy: actor.userId,
          updatedAt: context.at,
          lines: draft.lines.map((l) => ({ ...l, inventoryId: lotOfLine.get(l.lineNo)! })),
        };
        return { document, documentNumber };
      },

      /**
       * The mirror movements and ledger rows, dated today, under the same document and number
       * (refused with a 409 naming the lot when its stock has been drawn since), and the order
       * lines' received quantities back, under the order's lock.
       */
      async cancel(tx, actor, receipt) {
        // The receipt's row is locked (the machinery): payments allocating to it wait for this.
        // foreignPaid too: a payment in a currency worth less than half a cent of the company's may carry to 0.00.
        if (toMinorUnits(receipt.paidAmount) > 0n || toMinorUnits(receipt.foreignPaid) > 0n) throw new ConflictError(purchasingMessages.receiptHasPayments);
        await lockOrder(tx, receipt.purchaseOrderId);
        const today = todayIso();
        await assertPeriodOpen(tx, today, 'receiptDate');
        const document = { documentType, documentId: receipt.id };
        await reverseStockMoves(tx, document, { ...document, documentNumber: receipt.documentNumber!, date: today }, { userId: actor.userId });
        if (toMinorUnits(receipt.totalValue) > 0n) {
          await reverseInLedger(tx, {
            ...document,
            date: today,
            narration: `Cancellation of goods receipt ${receipt.documentNumber}`,
            actor: { userId: actor.userId },
            dateField: 'receiptDate',
          });
        }
        await tx.execute(receivedUpdate(receipt, -1));
        return { document: receipt };
      },
    },
  };
}
