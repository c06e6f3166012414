import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { dateSchema } from '../resource/declaration.ts';

/** The licences' section of the company settings (issue 32, section 5): the company's own DRAP establishment licence, printed on invoices and delivery notes. */
export const licencesSettings = defineSettings(
  z.strictObject({
    drapLicenceNumber: z
      .string({ error: 'DRAP licence number must be text' })
      .trim()
      .max(60, { error: 'DRAP licence number must be at most 60 characters' })
      .regex(/^[^\u0000]*$/, { error: 'DRAP licence number must not hold U+0000' })
      .transform((value) => (value === '' ? null : value))
      .nullable(),
    drapLicenceExpiry: dateSchema('DRAP licence expiry').nullable(),
    /** Whether an invoice to a customer with no licence on record (other than a government buyer) is refused at posting. */
    requireCustomerLicence: z.boolean({ error: 'Require customer licence must be true or false' }),
  }),
  { drapLicenceNumber: null, drapLicenceExpiry: null, requireCustomerLicence: false },
);
