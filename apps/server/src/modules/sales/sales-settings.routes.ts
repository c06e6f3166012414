import { canAccessRoute, canonicalDecimal, defaultProductTitle, messages, type SalesSettings, salesSettingsRoutes } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';

const docs = routeSchema({
  tags: ['Sales'],
  summary: 'What the sales forms need of the settings',
  description:
    'The tax rate a quotation or invoice form applies to its totals (the server applies the rate of the moment it writes), the currency and the near-expiry window. ' +
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
        }),
      },
      'The sales settings',
    ),
  },
});

export async function readSalesSettings(executor: Executor): Promise<SalesSettings> {
  const [row] = await queryRows<Record<keyof SalesSettings, string | number | null>>(
    executor,
    sql`SELECT tax_rate::text AS "taxRate", currency, near_expiry_days AS "nearExpiryDays", company_name AS "companyName", address, phone,
               tax_number AS "taxNumber", invoice_footer AS "invoiceFooter"
        FROM company_settings LIMIT 1`,
  );
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    taxRate: canonicalDecimal(text(row?.taxRate) || '0'),
    currency: text(row?.currency) || 'PKR',
    nearExpiryDays: Number(row?.nearExpiryDays ?? 90),
    companyName: text(row?.companyName) || defaultProductTitle,
    address: text(row?.address),
    phone: text(row?.phone),
    taxNumber: text(row?.taxNumber),
    invoiceFooter: text(row?.invoiceFooter),
  };
}

/** GET /api/sales/settings. */
export function registerSalesSettingsRoute(app: FastifyInstance): void {
  const mayRead = requireAccess((role) => salesSettingsRoutes.some((route) => canAccessRoute(role, route)));
  app.get('/sales/settings', { schema: docs, preHandler: [authenticate, mayRead] }, async () => ({
    status: 200,
    message: messages.ok,
    settings: await readSalesSettings(app.ctx.db),
  }));
}
