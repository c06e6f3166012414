import { vendors as vendorsDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { vendors } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { vendorWrites } from './vendors.service.ts';

/** Vendors: a generic resource whose writes also keep the vendor's payable account. */
export function registerVendorRoutes(app: FastifyInstance): void {
  registerResource(app, {
    declaration: vendorsDeclaration,
    table: vendors,
    hooks: {
      optionColumns: { vendorId: vendors.id, vendorName: vendors.vendorName, accountId: vendors.accountId, active: vendors.active },
      writes: vendorWrites,
    },
  });
  // A delete refused by this foreign key names who holds the vendor.
  registerTableTitle('vendors', 'Vendors');
}
