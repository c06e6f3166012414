import { canAccessRoute, type LayoutRoute } from '../access/routes.ts';
import { isReadOnlyRole, type Role } from '../access/roles.ts';
import { hasScope } from '../access/scopes.ts';
import { setupResources } from '../setup/resources.ts';
import { users } from '../setup/users.ts';
import { accountHeads } from '../accounting/account-heads.ts';
import { accounts } from '../accounting/accounts.ts';
import { items } from '../inventory/items.ts';
import { priceList } from '../inventory/price-list.ts';
import { vendors } from '../purchasing/vendors.ts';
import { customers } from '../sales/customers.ts';
import { employees } from '../hr/employees.ts';
import { journalDocument } from '../accounting/journal.document.ts';
import { assetDocument } from '../assets/asset.document.ts';
import { depreciationRunDocument } from '../assets/depreciation-run.document.ts';
import type { DocumentDefinition } from '../document/define-document.ts';
import { stockAdjustmentDocument } from '../inventory/stock-adjustment.document.ts';
import { transferDocument } from '../inventory/transfer.document.ts';
import { chequeDocument } from '../money/cheque.document.ts';
import { paymentDocument } from '../money/payment.document.ts';
import { receiptDocument } from '../money/receipt.document.ts';
import { goodsReceiptDocument } from '../purchasing/goods-receipt.document.ts';
import { purchaseOrderDocument } from '../purchasing/purchase-order.document.ts';
import { invoiceDocument } from '../sales/invoice.document.ts';
import { quotationDocument } from '../sales/quotation.document.ts';
import { salesReturnDocument } from '../sales/sales-return.document.ts';
import type { FieldDeclaration, ResourceDeclaration } from './declaration.ts';

/** Every declared resource. Later modules add theirs here. */
export const resources: readonly ResourceDeclaration[] = [...setupResources, users, accountHeads, accounts, items, vendors, priceList, customers, employees];

/** Every declared document: their reference fields (header and lines) open pickers too. */
export const documents: readonly DocumentDefinition[] = [
  journalDocument,
  stockAdjustmentDocument,
  transferDocument,
  purchaseOrderDocument,
  goodsReceiptDocument,
  quotationDocument,
  invoiceDocument,
  salesReturnDocument,
  receiptDocument,
  paymentDocument,
  chequeDocument,
  assetDocument,
  depreciationRunDocument,
];

export function resourceByName(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name);
}

const references = (fields: readonly FieldDeclaration[], name: string) => fields.some((f) => f.kind === 'reference' && f.reference === name);

/**
 * Screens whose pickers read a resource's options: its own, those of the resources and documents
 * whose fields (a document's lines included) reference it, and those declared (`optionsAlsoFor`:
 * a screen picking it without a declared field, such as a report's filter).
 */
export function optionsRoutesOf(resource: ResourceDeclaration): LayoutRoute[] {
  const routes = new Set<LayoutRoute>([resource.route, ...(resource.optionsAlsoFor ?? [])]);
  for (const other of resources) if (references(other.fields, resource.name)) routes.add(other.route);
  for (const document of documents) if (references([...document.fields, ...document.lines.fields], resource.name)) routes.add(document.route);
  return [...routes];
}

/** A role may call a resource's API when it may open its screen (issue 2, API). */
export function canUseResource(role: Role, resource: ResourceDeclaration): boolean {
  return canAccessRoute(role, resource.route);
}

export function canReadOptions(role: Role, resource: ResourceDeclaration): boolean {
  return optionsRoutesOf(resource).some((route) => canAccessRoute(role, route));
}

/** Whether a user may create, change and delete a resource's rows (deletes also need `<name>:delete`). */
export function canWriteResource(role: Role, scopes: readonly string[] | undefined, resource: ResourceDeclaration): boolean {
  if (isReadOnlyRole(role) || !canUseResource(role, resource)) return false;
  return resource.writeScope === undefined || hasScope(role, scopes, resource.writeScope);
}
