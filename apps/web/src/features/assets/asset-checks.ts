import { type AssetDetail, assetDocument, type DepreciationMethod } from '@erp/domain';
import { problemsOfIssues } from '../../components/document/form-problems.ts';

export type CustodianKind = 'none' | 'employee' | 'user';
export type PaidBy = 'account' | 'vendor';

/** The asset form's values: which custodian and which payer are chosen, and the fields of each. */
export interface AssetFormValues {
  assetName?: string;
  assetCategoryId?: number | null;
  regionId?: number | null;
  purchaseDate?: string | null;
  cost?: string | null;
  salvageValue?: string | null;
  usefulLifeMonths?: number | null;
  depreciationMethod?: DepreciationMethod | null;
  custodianKind: CustodianKind;
  custodianEmployeeId?: number | null;
  custodianUserId?: number | null;
  paidBy: PaidBy;
  paymentAccountId?: number | null;
  vendorId?: number | null;
  notes?: string;
}

export function assetFormValuesOf(asset: AssetDetail): AssetFormValues {
  return {
    assetName: asset.assetName,
    assetCategoryId: asset.assetCategoryId,
    regionId: asset.regionId,
    purchaseDate: asset.purchaseDate,
    cost: asset.cost,
    salvageValue: asset.salvageValue,
    usefulLifeMonths: asset.usefulLifeMonths,
    depreciationMethod: asset.depreciationMethod,
    custodianKind: asset.custodianEmployeeId ? 'employee' : asset.custodianUserId ? 'user' : 'none',
    custodianEmployeeId: asset.custodianEmployeeId,
    custodianUserId: asset.custodianUserId,
    paidBy: asset.vendorId ? 'vendor' : 'account',
    paymentAccountId: asset.paymentAccountId,
    vendorId: asset.vendorId,
    notes: asset.notes ?? '',
  };
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined || value === '' ? null : value);

/** The request body: one custodian at most and one payer, the others null (the server keeps exactly one payer). */
export function assetBodyOf(values: AssetFormValues): Record<string, unknown> {
  return {
    assetName: values.assetName?.trim() ?? '',
    assetCategoryId: values.assetCategoryId ?? undefined,
    regionId: values.regionId ?? undefined,
    purchaseDate: values.purchaseDate ?? undefined,
    cost: values.cost ?? undefined,
    salvageValue: orNull(values.salvageValue) ?? '0',
    usefulLifeMonths: orNull(values.usefulLifeMonths),
    depreciationMethod: orNull(values.depreciationMethod),
    custodianEmployeeId: values.custodianKind === 'employee' ? orNull(values.custodianEmployeeId) : null,
    custodianUserId: values.custodianKind === 'user' ? orNull(values.custodianUserId) : null,
    paymentAccountId: values.paidBy === 'account' ? orNull(values.paymentAccountId) : null,
    vendorId: values.paidBy === 'vendor' ? orNull(values.vendorId) : null,
    notes: values.notes ?? '',
  };
}

/** The declaration's schema, and what it cannot say: the payer chosen must be given. */
export function assetFormProblems(values: AssetFormValues): Record<string, string> {
  const body = assetBodyOf(values);
  const result = assetDocument.inputSchema.safeParse(body);
  const problems = result.success ? {} : problemsOfIssues(result.error.issues);
  if (values.paidBy === 'account' && body.paymentAccountId === null) problems.paymentAccountId ??= 'Choose the account it was paid from';
  if (values.paidBy === 'vendor' && body.vendorId === null) problems.vendorId ??= 'Choose the vendor it is owed to';
  return problems;
}
