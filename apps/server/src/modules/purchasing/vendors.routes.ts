import { vendors as vendorsDeclaration } from '@erp/domain';
import { vendors } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { vendorWrites } from './vendors.service.ts';

/** Vendors: a generic resource whose writes also keep the vendor's payable account. */
export const vendorBinding: ResourceBinding = {
  search: true,
  declaration: vendorsDeclaration,
  table: vendors,
  hooks: {
    optionColumns: { vendorId: vendors.id, vendorName: vendors.vendorName, accountId: vendors.accountId, active: vendors.active, currency: vendors.currency },
    writes: vendorWrites,
  },
};

/** A delete refused by this foreign key names who holds the vendor. */
export function registerVendorRoutes(): void {
  registerTableTitle('vendors', 'Vendors');
}
