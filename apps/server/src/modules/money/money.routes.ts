import { type AppRoute, maxInt32, messages, paymentDocument, type PaymentDetail, receiptDocument, type ReceiptDetail } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { paymentTargetOf } from '../../lib/payment-targets.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { registerDocumentPdfRoute } from '../../lib/print/document-pdf-route.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { type MoneySource, openTargets, targetNamedOf } from './allocations.ts';
import { paymentBinding } from './payments.binding.ts';
import { receiptBinding } from './receipts.binding.ts';
import { paymentPdfFileName, paymentPrintable, receiptPdfFileName, receiptPrintable } from './voucher-print.ts';

const openDoc = z.looseObject({ id: z.int(), documentNumber: z.string(), date: z.string(), dueDate: z.string(), total: z.string(), openAmount: z.string() });

interface OpenList {
  /** The payment target listed, by the field its allocations name it with. */
  field: string;
  path: string;
  route: AppRoute;
  tag: string;
  partyKey: 'customerId' | 'vendorId' | 'employeeId';
  what: string;
}

const openLists: OpenList[] = [
  {
    field: 'invoiceId',
    path: '/receipts/open-invoices',
    route: receiptDocument.route,
    tag: receiptDocument.title,
    partyKey: 'customerId',
    what: 'posted invoices',
  },
  {
    field: 'goodsReceiptId',
    path: '/payments/open-bills',
    route: paymentDocument.route,
    tag: paymentDocument.title,
    partyKey: 'vendorId',
    what: 'posted goods receipts (due: the receipt date plus the vendor’s payment terms)',
  },
  {
    field: 'paySlipId',
    path: '/payments/open-pay-slips',
    route: paymentDocument.route,
    tag: paymentDocument.title,
    partyKey: 'employeeId',
    what: 'pay slips of posted runs, not held (number: the run’s and the month; date and due: the run’s date)',
  },
];

/** The open documents a receipt or payment is allocated to, oldest due first: what the form proposes from. */
function registerOpenList(app: FastifyInstance, list: OpenList): void {
  const query = z.object({ [list.partyKey]: z.coerce.number({ error: `${list.partyKey} is required` }).int().positive() });
  const docs = routeSchema({
    tags: [list.tag],
    summary: `The ${list.what} with money still owed, oldest due first`,
    description: `The party’s ${list.what} whose open amount is above zero, ordered by due date, then date, then id: what allocations are proposed from.`,
    querystring: query,
    response: { 200: envelope({ data: z.array(openDoc) }, 'Open documents') },
  });
  app.get(list.path, { schema: docs, onRequest: [authenticate, requireRoute(list.route)] }, async (request) => {
    const partyId = validated(query, request.query)[list.partyKey]!;
    const data = await openTargets(app.ctx.db, paymentTargetOf(list.field), partyId, actorOf(request));
    return { status: 200, message: messages.ok, data };
  });
}

/**
 * The open documents of any payment target by the name its area's manifest gives it
 * (`/payments/open/goodsReceipts?partyId=`): a target an area adds is listed with no route of
 * its own (issue 28, section 3). The shipped lists above stay as they were.
 */
function registerNamedOpenList(app: FastifyInstance, source: MoneySource, definition: { route: AppRoute; title: string }): void {
  const params = z.object({ target: z.string().max(60) });
  const query = z.object({ partyId: z.coerce.number({ error: 'partyId is required' }).int().positive().max(maxInt32) });
  const docs = routeSchema({
    tags: [definition.title],
    summary: 'A payment target’s open documents of a party, oldest due first',
    description: `The documents of the target (by its manifest name: invoices for receipts; goodsReceipts, paySlips for payments) that the party (its customer, vendor or employee) still owes on, ordered by due date, then date, then id. An unknown target: 404.`,
    params,
    querystring: query,
    response: { 200: envelope({ data: z.array(openDoc) }, 'Open documents') },
  });
  app.get(`${definition.route}/open/:target`, { schema: docs, onRequest: [authenticate, requireRoute(definition.route)] }, async (request) => {
    const target = targetNamedOf(source, validated(params, request.params).target);
    if (!target) throw new NotFoundError();
    const { partyId } = validated(query, request.query);
    const data = await openTargets(app.ctx.db, target, partyId, actorOf(request));
    return { status: 200, message: messages.ok, data };
  });
}

/** What receipts and payments serve besides the document machinery's routes: the open lists and the vouchers' PDFs. */
export function registerMoneyRoutes(app: FastifyInstance): void {
  for (const list of openLists) registerOpenList(app, list);
  registerNamedOpenList(app, 'receipts', receiptDocument);
  registerNamedOpenList(app, 'payments', paymentDocument);
  registerDocumentPdfRoute<ReceiptDetail>(app, {
    binding: receiptBinding,
    description: 'The printable receipt voucher (A4): letterhead, customer, method, account and cheque, the invoices paid, allocated and on account, the amount in words.',
    printable: async (db, document) => receiptPrintable(document, await readCompanyLetterhead(db)),
    fileName: receiptPdfFileName,
  });
  registerDocumentPdfRoute<PaymentDetail>(app, {
    binding: paymentBinding,
    description: 'The printable payment voucher (A4): letterhead, payee, method, account and cheque, the goods receipts paid, allocated and on account, the amount in words.',
    printable: async (db, document) => paymentPrintable(document, await readCompanyLetterhead(db)),
    fileName: paymentPdfFileName,
  });
  registerTableTitle('receipts', 'Receipts');
  registerTableTitle('receipt_allocations', 'Receipts');
  registerTableTitle('payments', 'Payments');
  registerTableTitle('payment_allocations', 'Payments');
}
