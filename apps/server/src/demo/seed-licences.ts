import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { customerLicences, itemRegistrations, vendorLicences } from '../db/schema/index.ts';
import { writeSettingValues } from '../modules/setup/setup.api.ts';

/**
 * Issue 32, section 5: the demo's DRAP licences, written after every posting of the demo (so its
 * invoices post as they always did): the company's establishment licence; each vendor's licence;
 * registrations of the reagents and instruments, one of them expiring within 30 days; each
 * customer's licence, one government hospital's none needed, and one pharmacy's expired, so the
 * dashboard warns and a new invoice to it is refused at posting.
 */
export async function seedLicences(tx: Tx, dates: { today: string }): Promise<void> {
  const { today } = dates;
  await writeSettingValues(tx, { drapLicenceNumber: 'DRAP-DL-LHR-0427', drapLicenceExpiry: addDays(today, 400) });

  const vendors = await queryRows<{ id: number }>(tx, sql`SELECT id FROM vendors ORDER BY vendor_name`);
  const vendorKinds = ['importer', 'distributor', 'manufacturer'] as const;
  if (vendors.length > 0) {
    await tx.insert(vendorLicences).values(
      vendors.map((vendor, index) => ({ vendorId: vendor.id, licenceKind: vendorKinds[index % 3], licenceNumber: `DRAP-IL-${String(1100 + index)}`, licenceExpiry: addDays(today, 180 + 60 * index) })),
    );
  }

  // The lot-tracked goods (reagents, controls, calibrators) and the serial-tracked analysers are devices DRAP registers.
  const items = await queryRows<{ id: number; serial: boolean }>(
    tx,
    sql`SELECT id, serial_tracked AS serial FROM items WHERE is_approved AND (lot_tracked OR serial_tracked) ORDER BY article_number LIMIT 40`,
  );
  if (items.length > 0) {
    await tx.insert(itemRegistrations).values(
      items.map((item, index) => ({
        itemId: item.id,
        drapClass: item.serial ? 'C' : 'B',
        registrationKind: 'registration',
        registrationNumber: `MDR-${item.serial ? 'C' : 'B'}-${String(2300 + index)}`,
        // The first expires within the dashboard's 30 days: renewal is due.
        registrationExpiry: addDays(today, index === 0 ? 21 : 240 + 15 * index),
      })),
    );
  }

  const customers = await queryRows<{ id: number; customerType: string; customerName: string }>(
    tx,
    sql`SELECT id, customer_type AS "customerType", customer_name AS "customerName" FROM customers ORDER BY customer_name`,
  );
  const expired = customers.find((customer) => customer.customerType === 'clinic');
  const government = customers.find((customer) => customer.customerType === 'hospital');
  if (customers.length > 0) {
    await tx.insert(customerLicences).values(
      customers.map((customer, index) => {
        if (customer.id === government?.id) return { customerId: customer.id, licenceKind: 'government', licenceNumber: null, licenceExpiry: null };
        const kind = customer.customerType === 'hospital' || customer.customerType === 'laboratory' ? 'healthcareLicence' : 'drugSaleLicence';
        // One clinic's drug sale licence lapsed ten days ago: its next invoice is refused unless the admin overrides.
        const expiry = customer.id === expired?.id ? addDays(today, -10) : addDays(today, 120 + 30 * index);
        return { customerId: customer.id, licenceKind: kind, licenceNumber: `${kind === 'drugSaleLicence' ? 'DSL' : 'HCL'}-${String(5100 + index)}`, licenceExpiry: expiry };
      }),
    );
  }
}
