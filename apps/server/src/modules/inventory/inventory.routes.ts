import {
  type AppRoute,
  canAccessRoute,
  formatDecimal,
  inventoryLedgerQuerySchema,
  type InventoryLedgerRow,
  inventoryListQuerySchema,
  inventoryOptionsQuerySchema,
  type InventoryRow,
  lotsQuarantineScope,
  lotsReleaseScope,
  lotStatusChangeSchema,
  lotStatusLabels,
  messages,
} from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { authOf } from '../../lib/request-auth.ts';
import { sendExport, exportFileName } from '../../lib/resource/resource-export.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute, requireScope } from '../../plugins/authorize.ts';
import { inventoryDocs, inventoryExportQuery, inventoryIdParams, inventoryLedgerExportQuery } from './inventory.docs.ts';
import { inventoryLedger, inventoryLedgerForExport } from './inventory-ledger.service.ts';
import { inventoryForExport, inventoryOptions, inventoryRow, listInventory } from './inventory.service.ts';
import { lotStatusHistory, quarantineLot, releaseLot } from './lot-status.ts';

/** Screens whose pickers offer lots: the stock screens and the documents that issue, move or count stock. */
const lotPickerRoutes: readonly AppRoute[] = ['/inventory', '/inventory-ledger', '/invoices', '/quotations', '/transfers', '/sales-returns', '/reagent-rentals'];

const text = (value: unknown) => (value === undefined || value === null ? null : String(value));

const lotColumns = [
  { header: 'Item', value: (row: Row) => text((row as unknown as InventoryRow).item.itemName) },
  { header: 'Article number', value: (row: Row) => text((row as unknown as InventoryRow).item.articleNumber) },
  { header: 'Lot', value: (row: Row) => text(row.lotNumber) },
  { header: 'Expiry', value: (row: Row) => text(row.dateExpiry) },
  { header: 'Region', value: (row: Row) => text((row as unknown as InventoryRow).region.regionName) },
  { header: 'Location', value: (row: Row) => text((row as unknown as InventoryRow).location.locationName) },
  { header: 'Quantity', value: (row: Row) => Number(row.quantity) },
  { header: 'Unit cost', value: (row: Row) => text(row.unitCost) },
  { header: 'Value', value: (row: Row) => text(row.value) },
  { header: 'Status', value: (row: Row) => (row.expired ? 'Expired (blocked)' : row.nearExpiry ? 'Near expiry' : '') },
  { header: 'Lot status', value: (row: Row) => lotStatusLabels[(row as unknown as InventoryRow).lotStatus] },
  { header: 'Held because', value: (row: Row) => text(row.statusReason) || null },
];

const moveColumns = [
  { header: 'Date', value: (row: Row) => text(row.moveDate) },
  { header: 'Item', value: (row: Row) => text((row as unknown as InventoryLedgerRow).item?.itemName) },
  { header: 'Lot', value: (row: Row) => text(row.lotNumber) },
  { header: 'Region', value: (row: Row) => text((row as unknown as InventoryLedgerRow).region?.regionName) },
  { header: 'Location', value: (row: Row) => text((row as unknown as Partial<InventoryLedgerRow>).location?.locationName) },
  { header: 'Document', value: (row: Row) => text(row.documentNumber) },
  { header: 'In', value: (row: Row) => (row.quantityIn ? Number(row.quantityIn) : null) },
  { header: 'Out', value: (row: Row) => (row.quantityOut ? Number(row.quantityOut) : null) },
  { header: 'Value', value: (row: Row) => text(row.value) },
  { header: 'Balance', value: (row: Row) => (row.balance === undefined ? null : Number(row.balance)) },
  { header: 'Balance value', value: (row: Row) => (row.balanceValue === undefined ? null : formatDecimal(String(row.balanceValue))) },
];

/** /api/inventory (lots: list, export, options) and /api/inventory-ledger (list, export). */
export function registerInventoryRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  const inventoryGuard = [authenticate, requireRoute('/inventory')];
  const ledgerGuard = [authenticate, requireRoute('/inventory-ledger')];

  app.get('/inventory', { schema: inventoryDocs.list, onRequest: inventoryGuard }, async (request) => listInventory(db(), authOf(request).user, validated(inventoryListQuerySchema, request.query)));

  app.get('/inventory/export', { schema: inventoryDocs.export, onRequest: inventoryGuard }, async (request, reply) => {
    const { format, ...query } = validated(inventoryExportQuery, request.query);
    const rows = await inventoryForExport(db(), authOf(request).user, query);
    return sendExport(reply, format, { fileName: exportFileName('inventory'), title: 'Inventory', columns: lotColumns, rows: rows as unknown as Row[] });
  });

  app.get(
    '/inventory/options',
    { schema: inventoryDocs.options, onRequest: [authenticate, requireAccess((role) => lotPickerRoutes.some((route) => canAccessRoute(role, route)))] },
    async (request, reply) => {
      const auth = authOf(request);
      // Cached per user (row scopes) and query; any write empties the cache, and stock changes only by writes.
      const query = validated(inventoryOptionsQuerySchema, request.query);
      const key = `inventory|${auth.user.id}|${JSON.stringify(query)}`;
      const body = await app.ctx.optionsCache.get(key, async () => JSON.stringify({ status: 200, message: messages.ok, ...(await inventoryOptions(db(), auth.user, query)) }));
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  // Issue 31: a person's quarantine and release of one row's lot, and the row's status history.
  const statusChange = (change: typeof quarantineLot, message: string) => async (request: FastifyRequest) => {
    const { inventoryId } = validated(inventoryIdParams, request.params);
    const { reason } = validated(lotStatusChangeSchema, request.body);
    const actor = actorOf(request);
    const data = await db().transaction(async (tx) => {
      await change(tx, actor, inventoryId, reason);
      return inventoryRow(tx, actor, inventoryId);
    });
    if (!data) throw new NotFoundError();
    return { status: 200, message, data };
  };
  app.post('/inventory/:inventoryId/quarantine', { schema: inventoryDocs.quarantine, onRequest: [...inventoryGuard, requireScope(lotsQuarantineScope)] }, statusChange(quarantineLot, 'Lot quarantined'));
  app.post('/inventory/:inventoryId/release', { schema: inventoryDocs.release, onRequest: [...inventoryGuard, requireScope(lotsReleaseScope)] }, statusChange(releaseLot, 'Lot released'));
  app.get('/inventory/:inventoryId/status-history', { schema: inventoryDocs.statusHistory, onRequest: inventoryGuard }, async (request) => {
    const { inventoryId } = validated(inventoryIdParams, request.params);
    return { status: 200, message: messages.ok, data: await lotStatusHistory(db(), authOf(request).user, inventoryId) };
  });

  app.get('/inventory-ledger', { schema: inventoryDocs.ledger, onRequest: ledgerGuard }, async (request) => inventoryLedger(db(), authOf(request).user, validated(inventoryLedgerQuerySchema, request.query)));

  app.get('/inventory-ledger/export', { schema: inventoryDocs.ledgerExport, onRequest: ledgerGuard }, async (request, reply) => {
    const { format, ...query } = validated(inventoryLedgerExportQuery, request.query);
    const ledger = await inventoryLedgerForExport(db(), authOf(request).user, query);
    const rows: Row[] = [
      { moveDate: ledger.query.from ?? null, lotNumber: 'Opening balance', balance: ledger.opening.quantity, balanceValue: ledger.opening.value },
      ...(ledger.rows as unknown as Row[]),
      { moveDate: ledger.query.to ?? null, lotNumber: 'Closing balance', balance: ledger.closing.quantity, balanceValue: ledger.closing.value },
    ];
    return sendExport(reply, format, { fileName: exportFileName('inventory-ledger'), title: 'Inventory Ledger', columns: moveColumns, rows });
  });
}
