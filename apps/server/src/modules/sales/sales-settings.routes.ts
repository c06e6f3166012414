import { canAccessRoute, messages, salesSettingsRoutes } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { readSalesSettings } from './sales-settings.ts';

const docs = routeSchema({
  tags: ['Sales'],
  summary: 'What the sales forms need of the settings',
  description:
    'The tax rate a quotation or invoice form applies to its totals (the server applies the rate of the moment it writes), the currency, the near-expiry window and the company’s sales tax registrations. ' +
    'For every role of /quotations, /invoices, /sales-returns or /invoice/:id (GET /api/settings is the admin’s).',
  response: {
    200: envelope(
      {
        settings: z.object({
          taxRate: z.string(),
          currency: z.string(),
          nearExpiryDays: z.int(),
          companyName: z.string(),
          address: z.string(),
          phone: z.string(),
          taxNumber: z.string(),
          invoiceFooter: z.string().describe('Printed at the foot of invoices and credit notes'),
          ntn: z.string().describe('The company’s NTN, 7 digits; empty when not set'),
          strn: z.string().describe('The company’s STRN, 13 digits; empty when not registered for sales tax'),
          province: z.string().nullable(),
          furtherTaxRate: z.string().describe('Percentage charged to unregistered buyers on further-taxed lines'),
          withholdingSharePercent: z.string().describe('The share of an invoice’s sales tax a withholding agent keeps back'),
        }),
      },
      'The sales settings',
    ),
  },
});

/** GET /api/sales/settings. */
export function registerSalesSettingsRoute(app: FastifyInstance): void {
  const mayRead = requireAccess((role) => salesSettingsRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/sales/settings', { schema: docs, onRequest: [authenticate, mayRead] }, async () => ({
    status: 200,
    message: messages.ok,
    settings: await readSalesSettings(app.ctx.db),
  }));
}
