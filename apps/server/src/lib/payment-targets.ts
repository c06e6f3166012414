import type { SQL } from 'drizzle-orm';
import type { Actor } from './actor.ts';

/** Whose money a target takes: a customer's receipts, or payments to a vendor or an employee. */
export type PaymentParty = 'customer' | 'vendor' | 'employee';

/**
 * A kind of document that receipts or payments are allocated to (an invoice, a goods receipt, a
 * pay slip), declared by the area that owns it (issue 28, section 3). Money plans and stores the
 * allocations; the owner reads, locks and writes its own table through these statements, which
 * money joins to its own in the posting's one statement. Targets are aliased `t`; locks are
 * FOR NO KEY UPDATE in id order (the allocation rows' foreign keys, KEY SHARE, never wait on
 * them).
 */
export interface PaymentTarget {
  party: PaymentParty;
  /** The field naming one in a receipt's or payment's allocations, asked and answered ('invoiceId'); refusals name it. */
  field: string;
  /** What refusals call one ('invoice'). */
  what: string;
  /**
   * Its column in the allocation rows of its party's money (receipt_allocations for a customer,
   * payment_allocations otherwise), with its foreign key: added by the owner's migration.
   */
  column: string;
  /**
   * The facts (`Target` of money's allocations.ts) of the targets `where` names (over `t`), in id
   * order, locked when `lock`; a document a customer may withhold sales tax from (an invoice) also
   * answers `taxAmount` and `taxWithheldAmount` (issue 29), else nothing may be withheld from it.
   */
  select(where: SQL, lock: boolean): SQL;
  /** The party's open targets (posted, something still owed), over the aliases of `select`. */
  openOf(partyId: number): SQL;
  /** The actor's row scope over the open lists. */
  scope(actor: Actor): SQL | undefined;
  /** Locks in id order the targets a subquery of ids names. */
  lock(ids: SQL): SQL;
  /** Adds allocations, rows (id, amount), to what the targets have been paid: one statement. */
  onAllocated(amounts: SQL): SQL;
  /** Takes released allocations, a subquery of (id, amount), back. */
  onReleased(amounts: SQL): SQL;
  /** How its open documents enter the party's aging; absent, they do not (pay slips: employees are not aged). */
  aging?: TargetAging;
  /** How its bills in a foreign currency are revalued at a month end (issue 33, section 2); absent, they are not (bills in the company currency alone). */
  revaluation?: TargetRevaluation;
}

/** What money's aging hands a target to read its open documents as of a date. */
export interface AgingAsOf {
  asOf: string;
  /** Before today: rebuilt from the dated history, not read from the documents' open columns. */
  past: boolean;
  /** Rows (id, amount): what money allocated to each target by `asOf` and had not released by then. */
  allocated: SQL;
  /** Live as of the date, over a document alias: dated by then, posted, or cancelled only after it. */
  live(alias: string): SQL;
  /** The user's regions over a region column (` AND ...`, or nothing). */
  inRegions(region: SQL): SQL;
}

export interface TargetAging {
  /** The ledger's document types its items stand for (an invoice's returns too), left out of the account's other rows. */
  documentTypes: readonly string[];
  /** Its open documents as aging items: id, party_id, document_type, item_kind 'document', document_number, document_date, due_date, total, open. */
  items(at: AgingAsOf): SQL;
}

/** What money hands a target to read its bills in a foreign currency open on a date (an exchange revaluation's). */
export interface RevaluationAsOf {
  asOf: string;
  /** Bills in it are not revalued. */
  companyCurrency: string;
  /** Rows (id, amount): what posted payments had allocated to each target by `asOf` and had not released by then, in the bill's currency. */
  allocated: SQL;
  /** Live on the date, over a document alias: dated by then, posted, or cancelled only after it. */
  live(alias: string): SQL;
}

export interface TargetRevaluation {
  /** What the revaluation's rows call its bills (`documentType`, with the bill's id as `documentId`): 'goods-receipts'. */
  documentType: string;
  /**
   * Its bills in a currency other than the company's, live on the date, one row each: id, vendor_id,
   * region_id, document_number, currency, open_foreign (the bill's currency, less `allocated`) and
   * carrying_amount (its company-currency total less the allocated share of it, pro rata: the
   * domain's carriedPaid). Money keeps those with something open.
   */
  items(at: RevaluationAsOf): SQL;
}

/** What an area's manifest declares of its targets, by name (`invoices`, `goodsReceipts`). */
export interface PaymentTargetDeclarations {
  paymentTargets?: Readonly<Record<string, PaymentTarget>>;
}

/**
 * The targets of the areas an app serves, bound when the app is built (the money handlers are
 * handed a transaction, not an app). Replaced rather than added to, as the document hooks are: a
 * test's app with a fixture area hands the previous targets back when it closes.
 */
let bound: ReadonlyArray<{ name: string; target: PaymentTarget }> = [];

/** Binds the targets of `areas`; answers the function that restores those bound before. Two targets may not share a name or a field. */
export function bindPaymentTargets(areas: readonly PaymentTargetDeclarations[]): () => void {
  const named = areas.flatMap((area) => Object.entries(area.paymentTargets ?? {}));
  for (const key of [0, 1] as const) {
    const keys = named.map(([name, target]) => (key === 0 ? name : target.field));
    const repeated = keys.find((value, index) => keys.indexOf(value) !== index);
    if (repeated) throw new Error(`Payment target ${repeated} is declared twice`);
  }
  const previous = bound;
  bound = named.map(([name, target]) => ({ name, target }));
  return () => {
    bound = previous;
  };
}

/** The target a receipt's or payment's allocation names by `field`. */
export function paymentTargetOf(field: string): PaymentTarget {
  const found = bound.find(({ target }) => target.field === field);
  if (!found) throw new Error(`No payment target answers to ${field}`);
  return found.target;
}

/** The target its area's manifest names `name` ('invoices', 'goodsReceipts'), if one of `parties`: how a request names any target, shipped or added. */
export const paymentTargetNamed = (name: string, parties: readonly PaymentParty[]): PaymentTarget | undefined =>
  bound.find((t) => t.name === name && parties.includes(t.target.party))?.target;

/** The targets of a party's money, in the areas' order. */
export const paymentTargetsOf = (parties: readonly PaymentParty[]): PaymentTarget[] => bound.filter(({ target }) => parties.includes(target.party)).map(({ target }) => target);
