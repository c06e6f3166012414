import { type AssetDetail, type AssetScheduleRow, depreciationSchedule, messages, monthOf } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { decimalString, envelope, idParams, routeSchema } from '../../lib/openapi.ts';
import { parseId } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { assetBinding } from './assets.binding.ts';

const scheduleDocs = routeSchema({
  tags: ['Assets'],
  summary: "An asset's depreciation schedule, month by month (route /assets)",
  description:
    'From the purchase month to the end of the useful life: the charge, the depreciation through that month, the book value, and whether a posted run has charged it. ' +
    'Row scope: permissions.regions (the asset’s region).',
  params: idParams,
  response: {
    200: envelope({
      data: z.array(z.object({ month: z.string().describe('YYYY-MM'), charge: decimalString, accumulated: decimalString, bookValue: decimalString, posted: z.boolean() })),
    }),
  },
});

/** GET /api/assets/:id/schedule: the schedule computed from the asset as saved (domain assets/depreciation.ts). */
export function registerAssetScheduleRoute(app: FastifyInstance): void {
  app.get('/assets/:id/schedule', { schema: scheduleDocs, preHandler: [authenticate, requireRoute(assetBinding.definition.route)] }, async (request) => {
    const id = parseId((request.params as { id?: unknown }).id);
    const asset = id === undefined ? undefined : await findDocument<AssetDetail>(app.ctx.db, assetBinding, id, { actor: actorOf(request) });
    if (!asset) throw new NotFoundError();
    const through = asset.depreciatedThrough ? monthOf(asset.depreciatedThrough) : undefined;
    const rows = depreciationSchedule({
      cost: asset.cost,
      salvageValue: asset.salvageValue,
      usefulLifeMonths: asset.usefulLifeMonths,
      method: asset.depreciationMethod,
      purchaseDate: asset.purchaseDate,
    });
    return { status: 200, message: messages.ok, data: rows.map((row): AssetScheduleRow => ({ ...row, posted: through !== undefined && row.month <= through })) };
  });
}
