import type { FieldDeclaration, NamedValueFilterDeclaration } from '../resource/declaration.ts';
import { addDays } from '../dates/days.ts';

/**
 * DRAP's regulatory master data (issue 32, section 5): vendors' licences, items' registrations
 * and customers' licences. The fields are the licences area's, contributed to purchasing's,
 * inventory's and sales' resources (define-area's `resourceFields`); the licences area keeps them
 * in tables of its own keyed by the record.
 */

export const vendorLicenceKinds = [
  { value: 'importer', label: 'Importer' },
  { value: 'manufacturer', label: 'Manufacturer' },
  { value: 'distributor', label: 'Distributor' },
] as const;

export const drapClasses = [
  { value: 'A', label: 'Class A' },
  { value: 'B', label: 'Class B' },
  { value: 'C', label: 'Class C' },
  { value: 'D', label: 'Class D' },
] as const;

export const registrationKinds = [
  { value: 'enlistment', label: 'Enlistment' },
  { value: 'registration', label: 'Registration' },
] as const;

export const customerLicenceKinds = [
  { value: 'drugSaleLicence', label: 'Drug sale licence' },
  { value: 'healthcareLicence', label: 'Healthcare licence' },
  { value: 'government', label: 'Government' },
] as const;

export type DrapClass = (typeof drapClasses)[number]['value'];
export type RegistrationKind = (typeof registrationKinds)[number]['value'];
export type CustomerLicenceKind = (typeof customerLicenceKinds)[number]['value'];

/** A class A device is enlisted; B, C and D are registered (DRAP's Medical Devices Rules 2017), unless the record says otherwise. */
export const defaultRegistrationKind = (drapClass: string | null | undefined): RegistrationKind | null =>
  drapClass === null || drapClass === undefined ? null : drapClass === 'A' ? 'enlistment' : 'registration';

/** Overrides the invoice guard (issue 32): the admin's, grantable. */
export const licencesOverrideScope = 'licences:override';

/** The days ahead the dashboard and the forms warn of an expiry. */
export const licenceWarningDays = 30;

// Not sortable nor filterable by equality: the owners' lists sort and filter by their own columns;
// the licences' filter is `...ExpiringWithin=N`.
const number = (name: string, label: string): FieldDeclaration => ({ name, label, kind: 'text', maxLength: 60, list: 'wide', sortable: false });
const expiry = (name: string, label: string): FieldDeclaration => ({ name, label, kind: 'date', list: 'wide', sortable: false, expiryWarningDays: licenceWarningDays });

export const vendorLicenceFields: readonly FieldDeclaration[] = [
  { name: 'drapLicenceKind', label: 'DRAP licence kind', kind: 'enum', enumValues: vendorLicenceKinds, list: false },
  number('drapLicenceNumber', 'DRAP licence number'),
  expiry('drapLicenceExpiry', 'DRAP licence expiry'),
];

export const itemRegistrationFields: readonly FieldDeclaration[] = [
  { name: 'drapClass', label: 'DRAP class', kind: 'enum', enumValues: drapClasses, list: 'wide', sortable: false },
  {
    name: 'registrationKind',
    label: 'Registration kind',
    kind: 'enum',
    enumValues: registrationKinds,
    list: false,
    follows: { field: 'drapClass', valueOf: (value) => defaultRegistrationKind(value as string | null) },
  },
  number('registrationNumber', 'DRAP registration number'),
  expiry('registrationExpiry', 'DRAP registration expiry'),
];

export const customerLicenceFields: readonly FieldDeclaration[] = [
  { name: 'licenceKind', label: 'Licence kind', kind: 'enum', enumValues: customerLicenceKinds, list: false },
  number('licenceNumber', 'Licence number'),
  expiry('licenceExpiry', 'Licence expiry'),
];

const within = (name: string, label: string): NamedValueFilterDeclaration => ({ name, label, min: 0, max: 3650 });

export const registrationExpiringFilter = within('registrationExpiringWithin', 'DRAP registration expiring within (days)');
export const vendorLicenceExpiringFilter = within('licenceExpiringWithin', 'DRAP licence expiring within (days)');
export const customerLicenceExpiringFilter = within('licenceExpiringWithin', 'Licence expiring within (days)');

/** A label inside a sentence: "Licence number" -> "licence number"; an acronym ("DRAP ...") kept. */
const inSentence = (label: string) => (/^[A-Z]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

export const licenceMessages = {
  expiryRequired: (label: string, numberLabel: string) => `${label} is required with the ${inSentence(numberLabel)}`,
  classRequired: 'DRAP class is required with a DRAP registration number',
  registrationExpired: (itemName: string, registrationNumber: string, expiry: string) =>
    `${itemName}'s DRAP registration ${registrationNumber} expired on ${expiry}; it cannot be bought until it is renewed`,
  registrationMissing: (itemName: string, drapClass: string) => `${itemName} is a class ${drapClass} device with no DRAP registration`,
  vendorLicenceExpired: (vendorName: string, licenceNumber: string, expiry: string) =>
    `${vendorName}'s DRAP licence ${licenceNumber} expired on ${expiry}; nothing can be bought from them until it is renewed`,
  customerLicenceExpired: (customerName: string, kindLabel: string, licenceNumber: string, expiry: string) =>
    `${customerName}'s ${kindLabel.toLowerCase()} ${licenceNumber} expired on ${expiry}`,
  customerLicenceMissing: (customerName: string) => `${customerName} has no licence on record; a licence is required to sell`,
};

export const customerLicenceKindLabel = (kind: string | null | undefined): string =>
  customerLicenceKinds.find((k) => k.value === kind)?.label ?? 'Licence';

/** Whether a licence or registration valid through `expiry` has lapsed on `date` (valid on its expiry day itself). */
export const expiredOn = (expiry: string, date: string): boolean => expiry < date;

/** The later of two ISO dates: a rule checks the document's date and today alike. */
export const laterOf = (a: string, b: string): string => (a > b ? a : b);

/** The last day an "expiring within N days" list reaches, from today. */
export const expiringThrough = (today: string, days: number): string => addDays(today, days);

/**
 * The problems of a record's licence fields, by field: a number needs its expiry; an item's
 * registration number needs its class. A government buyer needs neither number nor expiry.
 */
export function licenceFieldProblems(
  row: Readonly<Record<string, unknown>>,
  pairs: readonly { number: FieldDeclaration; expiry: FieldDeclaration; classField?: string }[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { number: numberField, expiry: expiryField, classField } of pairs) {
    const value = row[numberField.name];
    if (value === null || value === undefined || value === '') continue;
    if (!row[expiryField.name]) problems[expiryField.name] = licenceMessages.expiryRequired(expiryField.label, numberField.label);
    if (classField && !row[classField]) problems[classField] = licenceMessages.classRequired;
  }
  return problems;
}
