import { decimalSchema, type ResourceDeclaration } from '../resource/declaration.ts';
import { currencyCodeSchema } from '../currency-fields.ts';

/**
 * A vendor (issue 7, section 1; PRODUCT.md, Purchase management). Creating one creates its
 * payable account under the payables control account's head (`accountId`, written by the
 * server, never by the form); renaming renames the account; a vendor whose account has
 * postings cannot be deleted, only deactivated.
 */
export const vendors = {
  name: 'vendors',
  route: '/vendors',
  singular: 'vendor',
  title: 'Vendors',
  nameField: 'vendorName',
  optionSearch: ['vendorName'],
  defaultSort: { field: 'vendorName', order: 'asc' },
  // Pickers of purchasing's screens and of order generation (an area still to come).
  optionsAlsoFor: ['/purchase-orders', '/order-generation'],
  fields: [
    { name: 'vendorName', label: 'Vendor', kind: 'text', required: true, maxLength: 120, unique: true, searchable: true },
    { name: 'contactPerson', label: 'Contact person', kind: 'text', maxLength: 100, searchable: true },
    { name: 'phone', label: 'Phone', kind: 'phone', maxLength: 30, searchable: true },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 120, searchable: true, list: false },
    { name: 'address', label: 'Address', kind: 'textarea', maxLength: 500, list: false },
    { name: 'cityId', label: 'City', kind: 'reference', reference: 'cities', filterable: true },
    { name: 'paymentTermsDays', label: 'Payment terms (days)', kind: 'integer', min: 0, max: 365, defaultValue: 30, required: true },
    // Generate Order (issue 19, section 3): items without their own lead time take the vendor's.
    { name: 'leadTimeDays', label: 'Lead time (days)', kind: 'integer', min: 0, max: 730, list: false },
    {
      name: 'minOrderValue',
      label: 'Minimum order value',
      kind: 'decimal',
      scale: 2,
      required: true,
      defaultValue: '0.00',
      list: false,
      schema: decimalSchema('Minimum order value', 2).refine((v) => !v.startsWith('-'), { error: 'Minimum order value must not be negative' }),
    },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
    // Issue 33, section 2: what the vendor bills in, and so its orders, receipts, payments and payable account; absent, the company's.
    { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, filterable: true, picks: { resource: 'currencies', key: 'code' }, schema: currencyCodeSchema() },
    { name: 'accountId', label: 'Payable account', kind: 'reference', reference: 'accounts', form: false, list: false },
  ],
} as const satisfies ResourceDeclaration;

/** Spec section 3 has no vendor option of its own: the generic one plus whether it may be bought from. */
export interface VendorOption {
  id: number;
  name: string;
  vendorId: number;
  vendorName: string;
  accountId: number;
  active: boolean;
  currency: string;
}

export const vendorMessages = {
  hasPostings: 'This vendor has postings in its ledger and cannot be deleted; deactivate it instead',
} as const;
