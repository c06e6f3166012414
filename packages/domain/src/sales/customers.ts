import { salespersonRoles } from '../access/roles.ts';
import { decimalSchema, type ResourceDeclaration } from '../resource/declaration.ts';
import { canonicalDecimal } from '../money.ts';
import { percentageInput } from '../resource/numeric-input.ts';
import { ntnInput, provinces, registrationField, registrationInput } from './sales.settings.ts';

/** Who may set or change a customer's credit limit (accountant by default, admin): see customerMessages.creditLimitScope. */
export const customerCreditLimitScope = 'customers:credit-limit';

/** Who may set or change a customer's tax registrations (accountant by default, admin): see customerMessages.taxFactsScope. */
export const customerTaxFactsScope = 'customers:tax-facts';

/** Whether the buyer is registered for sales tax (Sales Tax Act): an unregistered buyer pays further tax. */
export const registrationTypes = [
  { value: 'registered', label: 'Registered' },
  { value: 'unregistered', label: 'Unregistered' },
] as const;
export type RegistrationType = (typeof registrationTypes)[number]['value'];

export const customerTypes = [
  { value: 'hospital', label: 'Hospital' },
  { value: 'laboratory', label: 'Laboratory' },
  { value: 'clinic', label: 'Clinic' },
  { value: 'distributor', label: 'Distributor' },
] as const;

export type CustomerType = (typeof customerTypes)[number]['value'];

/**
 * A customer (issue 8, section 1; PRODUCT.md, Sales management). Creating one creates its
 * receivable account under the receivables control account's head, in the customer's region
 * (`accountId`, written by the server, never by the form); renaming or moving the customer
 * renames or moves the account; a customer whose account has postings is deactivated, never
 * deleted. `creditLimit` is the most the customer may owe: 0.00 means cash only (no credit).
 * List rows also carry `balance` and `creditLeft` (computed, see api docs).
 */
export const customers = {
  name: 'customers',
  route: '/customers',
  singular: 'customer',
  title: 'Customers',
  nameField: 'customerName',
  optionSearch: ['customerName'],
  defaultSort: { field: 'customerName', order: 'asc' },
  // Customers of regions the user is not given are not theirs (and neither are their invoices).
  rowPermission: { area: 'regions', field: 'regionId' },
  // Pickers of sales' screens and of areas still to come (rentals, joint ventures, planning);
  // the other areas' screens are named in their manifests' optionRoutes.
  optionsAlsoFor: [
    '/quotations',
    '/invoices',
    '/sales-returns',
    '/reagent-rentals',
    '/joint-ventures',
    '/sales/reports',
    '/items/sales',
    '/planning/form',
  ],
  fields: [
    { name: 'customerName', label: 'Customer', kind: 'text', required: true, maxLength: 120, unique: true, searchable: true },
    { name: 'customerType', alias: 'type', label: 'Type', kind: 'enum', enumValues: customerTypes, required: true, defaultValue: 'hospital', filterable: true, list: 'wide' },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
    { name: 'cityId', label: 'City', kind: 'reference', reference: 'cities', filterable: true, list: 'wide' },
    { name: 'address', label: 'Address', kind: 'textarea', maxLength: 500, list: false },
    { name: 'phone', label: 'Phone', kind: 'phone', maxLength: 30, searchable: true, list: 'wide' },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 120, searchable: true, list: false },
    { name: 'taxNumber', label: 'Tax number', kind: 'text', maxLength: 40, searchable: true, list: false },
    {
      name: 'creditLimit',
      label: 'Credit limit',
      kind: 'decimal',
      scale: 2,
      required: true,
      defaultValue: '0.00',
      writeScope: customerCreditLimitScope,
      schema: decimalSchema('Credit limit', 2).refine((v) => !v.startsWith('-'), { error: 'Credit limit must not be negative' }),
    },
    { name: 'paymentTermsDays', label: 'Payment terms (days)', kind: 'integer', min: 0, max: 365, defaultValue: 30, required: true, list: 'wide' },
    // From 1600 px: at 1280 px the amounts and the row's actions took every pixel of the list, and a
    // day's balances a few more (the Actions column out of sight); the Salesperson filter stays.
    { name: 'salespersonId', label: 'Salesperson', kind: 'reference', reference: 'users', filterable: true, optionsWhere: { role: salespersonRoles }, list: 'wide' },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true, list: 'wide' },
    { name: 'accountId', label: 'Receivable account', kind: 'reference', reference: 'accounts', form: false, list: false },
    // The buyer's sales tax facts (issue 29, section 3), set by holders of customers:tax-facts; `taxNumber` stays the printed text.
    { name: 'registrationType', label: 'Sales tax registration', kind: 'enum', enumValues: registrationTypes, required: true, defaultValue: 'unregistered', filterable: true, list: 'wide', writeScope: customerTaxFactsScope },
    { name: 'ntn', label: 'NTN', kind: 'text', maxLength: 9, searchable: true, list: false, schema: registrationField(ntnInput, 'NTN must be 7 digits, as 0711234 (or 0711234-5)', null), writeScope: customerTaxFactsScope },
    { name: 'cnic', label: 'CNIC', kind: 'text', maxLength: 15, list: false, schema: registrationField((v) => registrationInput(v, 13), 'CNIC must be 13 digits, as 35202-1234567-1', null), writeScope: customerTaxFactsScope },
    { name: 'strn', label: 'STRN', kind: 'text', maxLength: 17, list: false, schema: registrationField((v) => registrationInput(v, 13), 'STRN must be 13 digits, as 1700123456789', null), writeScope: customerTaxFactsScope },
    { name: 'province', label: 'Province', kind: 'enum', enumValues: provinces, list: false, writeScope: customerTaxFactsScope },
    { name: 'withholdingAgent', label: 'Withholds sales tax', kind: 'boolean', required: true, defaultValue: false, list: false, writeScope: customerTaxFactsScope },
    { name: 'registrationCheckedOn', label: 'Registration checked on', kind: 'date', list: false, writeScope: customerTaxFactsScope },
    // Issue 29, section 6: the share of an invoice's total the customer withholds as income tax (s.153), proposed on its receipts.
    {
      name: 'incomeTaxWithholdingPercent',
      label: 'Income tax withheld %',
      kind: 'decimal',
      scale: 2,
      required: true,
      defaultValue: '0.00',
      list: false,
      // As the column holds it (`1` is `1.00`): sending the unchanged value needs no scope.
      schema: percentageInput('Income tax withheld %').transform((v) => canonicalDecimal(v)),
      writeScope: customerTaxFactsScope,
    },
    // Whether anyone has checked the registration since it was set or migrated (`?registrationChecked=false`: what to check).
    { name: 'registrationChecked', label: 'Registration checked', kind: 'boolean', form: false, list: false, filterable: true },
  ],
} as const satisfies ResourceDeclaration;

/** A customer row as the API lists it: the declared fields plus the receivable account's figures. */
export interface CustomerFigures {
  /** The receivable account's balance, signed (positive: the customer owes us), 2 places. */
  balance: string;
  /** `creditLimit - balance`, 2 places; negative when the customer is over the limit. */
  creditLeft: string;
}

/** Spec section 3 has no customer option of its own: the generic one plus these keys. */
export interface CustomerOption {
  id: number;
  name: string;
  customerId: number;
  customerName: string;
  regionId: number;
  accountId: number;
  active: boolean;
}

export const customerMessages = {
  hasPostings: 'This customer has postings in its ledger and cannot be deleted; deactivate it instead',
  creditLimitScope: 'Only users allowed to set credit limits (an accountant or an admin) may set or change a credit limit',
  taxFactsScope: 'Only users allowed to set tax registrations (an accountant or an admin) may change them',
  registeredNeedsNumber: 'A registered customer needs its NTN or CNIC',
} as const;

/** A customer's tax facts: setting or changing any of them needs customers:tax-facts. */
export const customerTaxFactFields = ['ntn', 'cnic', 'strn', 'registrationType', 'registrationCheckedOn', 'province', 'withholdingAgent', 'incomeTaxWithholdingPercent'] as const;

/** The values a new customer's tax facts take when not given: setting them to these needs no scope. */
export const customerTaxFactDefaults: Readonly<Record<(typeof customerTaxFactFields)[number], unknown>> = {
  ntn: null,
  cnic: null,
  strn: null,
  registrationType: 'unregistered',
  registrationCheckedOn: null,
  province: null,
  withholdingAgent: false,
  incomeTaxWithholdingPercent: '0.00',
};

/**
 * The registration a printed tax number names (issue 29, section 9: customers' `taxNumber`
 * before the registrations had fields of their own): `NTN 0711234-5` or `0711234` an NTN, 13
 * digits (dashes and spaces aside) a CNIC; else none. db/migrations/0041 applies the same rule in SQL.
 */
export function registrationOfTaxNumber(taxNumber: string): { ntn: string | null; cnic: string | null } {
  const text = taxNumber.trim().replace(/^NTN[\s:#.-]*/i, '');
  const cnic = registrationInput(text, 13);
  if (cnic) return { ntn: null, cnic };
  return { ntn: ntnInput(text), cnic: null };
}
