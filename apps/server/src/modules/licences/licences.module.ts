import { licencesArea } from '@erp/domain';
import * as licencesTables from '../../db/schema/licences.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { registerDeliveryNoteRoute } from './delivery-note.ts';
import { licenceResourceChecks, licenceResourceFields } from './licence-fields.ts';
import { refuseLapsedPurchases, refuseUnlicensedSales } from './licence-guards.ts';
import { licencesFigures } from './licences-figures.ts';
import { invoiceCompanyLicence, invoiceLicencePrint, invoiceLineRegistrations } from './licences-print.ts';

/**
 * Issue 32, section 5: DRAP's regulatory master data. Its fields join vendors, items and customers
 * (lib's resource fields), its rules join purchase orders (their saves and approval) and invoices
 * (their posting), and its prints join the invoice; it writes only its own three tables.
 */
export const licencesModule: ServerArea = {
  name: 'licences',
  declaration: licencesArea,
  tables: licencesTables,
  resourceFields: licenceResourceFields,
  resourceChecks: licenceResourceChecks,
  beforeSave: { 'purchase-orders': refuseLapsedPurchases },
  beforeTransition: { 'purchase-orders': { approve: refuseLapsedPurchases } },
  beforePost: { invoices: refuseUnlicensedSales },
  answerFields: { invoices: invoiceCompanyLicence },
  answerLineFields: { invoices: invoiceLineRegistrations },
  printAdditions: { invoices: invoiceLicencePrint },
  figures: licencesFigures,
  routes: registerDeliveryNoteRoute,
};
