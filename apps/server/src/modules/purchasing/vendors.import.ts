import { vendors as vendorsDeclaration } from '@erp/domain';
import { vendors } from '../../db/schema/index.ts';
import { resourceImport } from '../../lib/import/resource-import.ts';
import { vendorWrites } from './vendors.service.ts';

/**
 * Vendors from a spreadsheet (issue 7, section 5): the vendor form's fields, the city by name,
 * checked by the vendors' create schema; a name twice in the file or already a vendor's is
 * refused. Each vendor gets its payable account exactly as the API's create makes it
 * (vendorWrites.beforeInsert), in the import's one transaction.
 */
export const vendorsImport = resourceImport({
  kind: 'vendors',
  declaration: vendorsDeclaration,
  table: vendors,
  beforeInsert: async (tx, actor, input) => (await vendorWrites.beforeInsert?.(tx, actor, input)) ?? {},
  aliases: {
    vendorName: ['Vendor name', 'Name', 'Supplier', 'Supplier name'],
    contactPerson: ['Contact'],
    paymentTermsDays: ['Payment terms', 'Terms', 'Credit days'],
    email: ['E-mail'],
  },
  examples: {
    vendorName: 'Sysmex Corporation',
    contactPerson: 'Kenji Sato',
    phone: '+81 78 265 0500',
    email: 'orders@sysmex.example',
    address: '1-5-1 Wakinohama-Kaigandori, Kobe',
    cityId: 'Karachi',
    paymentTermsDays: '60',
    active: 'yes',
  },
});
