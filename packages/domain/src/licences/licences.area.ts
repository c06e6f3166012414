import { defineArea } from '../area/define-area.ts';
import {
  customerLicenceExpiringFilter,
  customerLicenceFields,
  itemRegistrationFields,
  licencesOverrideScope,
  registrationExpiringFilter,
  vendorLicenceExpiringFilter,
  vendorLicenceFields,
} from './licences.ts';
import { licencesSettings } from './licences.settings.ts';

export * from './licences.ts';
export * from './licences.settings.ts';

/**
 * Issue 32, section 5: DRAP's regulatory master data. Its fields join vendors, items and
 * customers (their forms, rows and lists) through `resourceFields`; the company's own licence is
 * its settings section.
 */
export const licencesArea = defineArea({
  name: 'licences',
  settings: licencesSettings,
  scopes: [licencesOverrideScope],
  resourceFields: {
    vendors: { fields: vendorLicenceFields, valueFilters: [vendorLicenceExpiringFilter] },
    items: { fields: itemRegistrationFields, valueFilters: [registrationExpiringFilter] },
    customers: { fields: customerLicenceFields, valueFilters: [customerLicenceExpiringFilter] },
  },
});
