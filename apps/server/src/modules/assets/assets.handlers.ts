import { assetDocument, type AssetDetail, type DepreciationMethod, type disposeAssetSchema, fromMinorUnits, permittedIds, toMinorUnits } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { readAccountInScope } from '../../ledger/account-in-scope.ts';
import { assets } from '../../db/schema/index.ts';
import { type LedgerLineInput, postToLedger, reverseInLedger } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf } from '../../lib/document/document-binding.ts';
import { assetQueries } from './assets.queries.ts';
import { isPlacedAsset } from './placed-assets.ts';

const { documentType, numberPrefix } = assetDocument;

/** The body of an asset's save (the declaration's fields; life and method default to the category's). */
export interface AssetInput {
  assetName: string;
  assetCategoryId: number;
  regionId: number;
  purchaseDate: string;
  cost: string;
  salvageValue: string;
  usefulLifeMonths?: number | null;
  depreciationMethod?: DepreciationMethod | null;
  custodianEmployeeId?: number | null;
  custodianUserId?: number | null;
  paymentAccountId?: number | null;
  vendorId?: number | null;
  notes: string;
}

export type DisposeAssetInput = z.infer<typeof disposeAssetSchema>;

export const assetMessages = {
  paidBy: 'Choose the account it was paid from, or the vendor it is owed to (one of them)',
  salvageAboveCost: 'Salvage value cannot be more than the cost',
  oneCustodian: 'Choose an employee or a user as custodian, not both',
  charged: 'A depreciation run has charged this asset: it cannot be cancelled; dispose of it instead',
  noAccounts: (category: string) => `The asset category ${category} needs its asset, accumulated depreciation and depreciation expense accounts`,
  disposalBeforePurchase: 'The disposal date cannot be before the purchase date',
  disposalBeforeDepreciated: (through: string) => `The asset is depreciated through ${through}: the disposal date cannot be before it`,
  proceedsRequired: 'Enter what the sale fetched',
  accountRequired: 'Choose the account the proceeds were paid into',
  writeOffProceeds: 'A write-off has no proceeds',
  placed: 'A placed analyser leaves through a rental return',
} as const;

const missing = (label: string) => `${label} does not exist`;

/** An asset as the database holds it now, within no row scope (a reread of one found already). */
export async function readAsset(executor: Executor, id: number): Promise<AssetDetail | undefined> {
  const [row] = await executor.select(assetQueries.rowSelection).from(assets).where(eq(assets.id, id));
  return row as AssetDetail | undefined;
}

interface References {
  category: { name: string; usefulLifeMonths: number; depreciationMethod: DepreciationMethod; assetAccountId: number | null } | null;
  region: boolean;
  employee: boolean;
  user: boolean;
  paymentAccount: boolean;
  vendorAccountId: number | null | undefined;
}

/** Everything a save refers to, in one round trip; rows outside the actor's regions read as missing. */
async function readReferences(tx: Tx, actor: Actor, input: AssetInput): Promise<References> {
  const regions = permittedIds(actor.permissions, 'regions');
  const inRegions = (column: string) => (regions ? sql` AND (${sql.raw(column)} IS NULL OR ${sql.raw(column)} IN (${intList(regions)}))` : sql``);
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT
      (SELECT json_build_object('name', asset_category_name, 'usefulLifeMonths', useful_life_months, 'depreciationMethod', depreciation_method, 'assetAccountId', asset_account_id)
         FROM asset_categories WHERE id = ${input.assetCategoryId}::int) AS category,
      EXISTS (SELECT 1 FROM regions WHERE id = ${input.regionId}::int${regions ? sql` AND id IN (${intList(regions)})` : sql``}) AS region,
      EXISTS (SELECT 1 FROM employees WHERE id = ${input.custodianEmployeeId ?? null}::int${inRegions('region_id')}) AS employee,
      EXISTS (SELECT 1 FROM users WHERE id = ${input.custodianUserId ?? null}::int) AS "user",
      EXISTS (SELECT 1 FROM accounts WHERE id = ${input.paymentAccountId ?? null}::int AND active${inRegions('region_id')}) AS "paymentAccount",
      (SELECT json_build_object('accountId', account_id) FROM vendors WHERE id = ${input.vendorId ?? null}::int) AS vendor`,
  );
  const category = jsonValue<References['category']>(row!.category);
  const vendor = jsonValue<{ accountId: number | null } | null>(row!.vendor);
  return {
    category: category ? { ...category, usefulLifeMonths: Number(category.usefulLifeMonths), assetAccountId: category.assetAccountId === null ? null : Number(category.assetAccountId) } : null,
    region: Boolean(row!.region),
    employee: Boolean(row!.employee),
    user: Boolean(row!.user),
    paymentAccount: Boolean(row!.paymentAccount),
    vendorAccountId: vendor ? (vendor.accountId === null ? null : Number(vendor.accountId)) : undefined,
  };
}

/** The input checked (400 naming each field); what the row stores beyond it: life and method from the category when not given. */
async function checkedValues(tx: Tx, actor: Actor, input: AssetInput) {
  const refs = await readReferences(tx, actor, input);
  const errors: Record<string, string> = {};
  if (!refs.category) errors.assetCategoryId = missing('Asset category');
  if (!refs.region) errors.regionId = missing('Region');
  if (input.custodianEmployeeId && input.custodianUserId) errors.custodianUserId = assetMessages.oneCustodian;
  if (input.custodianEmployeeId && !refs.employee) errors.custodianEmployeeId = missing('Custodian');
  if (input.custodianUserId && !refs.user) errors.custodianUserId = missing('Custodian');
  const paidFrom = input.paymentAccountId ?? null;
  const vendorId = input.vendorId ?? null;
  if ((paidFrom === null) === (vendorId === null)) errors.paymentAccountId = assetMessages.paidBy;
  else if (paidFrom !== null && !refs.paymentAccount) errors.paymentAccountId = missing('Account');
  else if (vendorId !== null && !refs.vendorAccountId) errors.vendorId = missing('Vendor');
  if (toMinorUnits(input.salvageValue) > toMinorUnits(input.cost)) errors.salvageValue = assetMessages.salvageAboveCost;
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return {
    header: {
      // Copied when saved: a later change of the category changes no asset.
      usefulLifeMonths: input.usefulLifeMonths ?? refs.category!.usefulLifeMonths,
      depreciationMethod: input.depreciationMethod ?? refs.category!.depreciationMethod,
    },
  };
}

interface PostingFacts {
  categoryName: string;
  assetAccountId: number | null;
  accumulatedAccountId: number | null;
  vendorAccountId: number | null;
}

async function postingFacts(tx: Tx, asset: AssetDetail): Promise<PostingFacts> {
  const [row] = await queryRows<PostingFacts>(
    tx,
    sql`SELECT c.asset_category_name AS "categoryName", c.asset_account_id AS "assetAccountId", c.accumulated_depreciation_account_id AS "accumulatedAccountId",
               (SELECT v.account_id FROM vendors v WHERE v.id = ${asset.vendorId}::int) AS "vendorAccountId"
        FROM asset_categories c WHERE c.id = ${asset.assetCategoryId}::int`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { categoryName: row!.categoryName, assetAccountId: num(row!.assetAccountId), accumulatedAccountId: num(row!.accumulatedAccountId), vendorAccountId: num(row!.vendorAccountId) };
}

const line = (accountId: number, debit: bigint, credit: bigint, extra: Partial<LedgerLineInput> = {}): LedgerLineInput => ({
  accountId,
  debit: fromMinorUnits(debit),
  credit: fromMinorUnits(credit),
  ...extra,
});

/** The disposal's entries: accumulated depreciation and cost out, proceeds in, the difference a gain (Cr) or loss (Dr). */
function disposalLines(asset: AssetDetail, facts: PostingFacts, input: DisposeAssetInput, disposalAccountId: number | undefined): { lines: LedgerLineInput[]; gain: bigint } {
  const cost = toMinorUnits(asset.cost);
  const accumulated = toMinorUnits(asset.accumulatedDepreciation);
  const proceeds = input.kind === 'sale' ? toMinorUnits(input.proceeds!) : 0n;
  const gain = proceeds - (cost - accumulated);
  const stamp = { regionId: asset.regionId };
  const lines = [
    line(facts.accumulatedAccountId!, accumulated, 0n, stamp),
    ...(proceeds > 0n ? [line(input.accountId!, proceeds, 0n, stamp)] : []),
    line(facts.assetAccountId!, 0n, cost, stamp),
    ...(gain > 0n ? [line(disposalAccountId!, 0n, gain, stamp)] : gain < 0n ? [line(disposalAccountId!, -gain, 0n, stamp)] : []),
  ].filter((l) => l.debit !== '0.00' || l.credit !== '0.00');
  return { lines, gain };
}

async function checkDisposal(tx: Tx, actor: Actor, asset: AssetDetail, input: DisposeAssetInput): Promise<void> {
  const errors: Record<string, string> = {};
  if (input.disposalDate < asset.purchaseDate) errors.disposalDate = assetMessages.disposalBeforePurchase;
  else if (asset.depreciatedThrough && input.disposalDate < asset.depreciatedThrough) errors.disposalDate = assetMessages.disposalBeforeDepreciated(asset.depreciatedThrough);
  const proceeds = input.proceeds ? toMinorUnits(input.proceeds) : 0n;
  if (input.kind === 'sale') {
    if (proceeds <= 0n) errors.proceeds = assetMessages.proceedsRequired;
    if (!input.accountId) errors.accountId = assetMessages.accountRequired;
    else if (!(await readAccountInScope(tx, actor, input.accountId))?.active) errors.accountId = missing('Account');
  } else {
    if (proceeds > 0n) errors.proceeds = assetMessages.writeOffProceeds;
    if (input.accountId) errors.accountId = assetMessages.writeOffProceeds;
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

export const assetHandlers: DocumentHandlers<AssetInput, AssetDetail, ActionOf<typeof assetDocument>> = {
  async create(tx, actor, input, drafts) {
    const { id } = await drafts.insert(input, await checkedValues(tx, actor, input));
    return { document: (await readAsset(tx, id))! };
  },

  async update(tx, actor, before, input, drafts) {
    await drafts.update(before.id, input, await checkedValues(tx, actor, input));
    return { document: (await readAsset(tx, before.id))! };
  },

  transitions: {
    /** Dr the category's asset account, Cr the paying account or the vendor's payable (party vendor); FA-YYYY-NNNNNN. */
    async capitalise(tx, actor, asset, step) {
      const facts = await postingFacts(tx, asset);
      if (!facts.assetAccountId) throw new ConflictError(assetMessages.noAccounts(facts.categoryName), { assetCategoryId: assetMessages.noAccounts(facts.categoryName) });
      const cost = toMinorUnits(asset.cost);
      const credit =
        asset.vendorId !== null
          ? line(facts.vendorAccountId!, 0n, cost, { regionId: asset.regionId, partyType: 'vendor', partyId: asset.vendorId })
          : line(asset.paymentAccountId!, 0n, cost, { regionId: asset.regionId });
      const { documentNumber } = await postToLedger(tx, {
        documentType,
        documentId: asset.id,
        documentDate: asset.purchaseDate,
        narration: `Asset capitalised: ${asset.assetName}`.slice(0, 500),
        lines: [line(facts.assetAccountId, cost, 0n, { regionId: asset.regionId }), credit],
        numberPrefix,
        actor: { userId: actor.userId },
        dateField: 'purchaseDate',
        alongside: step.claim(),
      });
      return { document: (await readAsset(tx, asset.id))!, documentNumber };
    },

    /** Sale or write-off: cost and accumulated depreciation leave the books, proceeds come in, the gain or loss goes to `assetDisposal`. */
    async dispose(tx, actor, asset, step) {
      const input = step.input as DisposeAssetInput;
      if (await isPlacedAsset(tx, asset.id)) throw new ConflictError(assetMessages.placed);
      await checkDisposal(tx, actor, asset, input);
      const facts = await postingFacts(tx, asset);
      if (!facts.assetAccountId || !facts.accumulatedAccountId) throw new ConflictError(assetMessages.noAccounts(facts.categoryName));
      const cost = toMinorUnits(asset.cost);
      const proceeds = input.kind === 'sale' ? toMinorUnits(input.proceeds!) : 0n;
      const needsDisposalAccount = proceeds !== cost - toMinorUnits(asset.accumulatedDepreciation);
      const disposalAccount = needsDisposalAccount ? (await requirePostingAccounts(tx, ['assetDisposal'])).assetDisposal : undefined;
      const { lines, gain } = disposalLines(asset, facts, input, disposalAccount);
      const value = (v: string | number | null) => sql`${v}`;
      await postToLedger(tx, {
        documentType,
        documentId: asset.id,
        documentDate: input.disposalDate,
        narration: `Asset ${input.kind === 'sale' ? 'sold' : 'written off'}: ${asset.assetName}`.slice(0, 500),
        lines,
        documentNumber: asset.documentNumber!,
        actor: { userId: actor.userId },
        dateField: 'disposalDate',
        alongside: step.claim({
          disposal_kind: value(input.kind),
          disposal_date: sql`${input.disposalDate}::date`,
          disposal_proceeds: sql`${fromMinorUnits(proceeds)}::numeric`,
          disposal_account_id: sql`${input.accountId ?? null}::int`,
          disposal_gain: sql`${fromMinorUnits(gain)}::numeric`,
        }),
      });
      return { document: (await readAsset(tx, asset.id))! };
    },

    /** A mistaken capitalisation reversed today; refused once a run charged the asset (its depreciation would be left behind). */
    async cancel(tx, actor, asset) {
      // Its placement's cancel cancels it (cancelPlacedAsset); its capitalisation is the placement's journal, not its own.
      if (await isPlacedAsset(tx, asset.id)) throw new ConflictError(assetMessages.placed);
      const [charged] = await queryRows(tx, sql`SELECT 1 FROM depreciation_entries WHERE asset_id = ${asset.id}::int AND live LIMIT 1`);
      if (charged || toMinorUnits(asset.accumulatedDepreciation) > 0n) throw new ConflictError(assetMessages.charged);
      await reverseInLedger(tx, { documentType, documentId: asset.id, narration: `Asset cancelled: ${asset.assetName}`.slice(0, 500), actor: { userId: actor.userId } });
      return { document: asset };
    },
  },
};
