import { canAccessRoute, formatBalance } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../lib/request-auth.ts';
import { sendExport } from '../../lib/resource/resource-export.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { accountIdParams, ledgerDocs, ledgerExportQuery } from './accounting.docs.ts';
import { accountLedger, ledgerForExport, ledgerQuerySchema, memberCount } from './ledger.service.ts';
import { heavyRead, heavyReadDb } from '../../lib/cluster/replica.ts';

function accountIdOf(request: FastifyRequest): number {
  return validated(accountIdParams, request.params).accountId;
}

const text = (key: string) => (row: Row) => (row[key] === undefined || row[key] === null ? null : String(row[key]));

const ledgerColumns = [
  { header: 'Date', value: text('entryDate') },
  { header: 'Document', value: text('documentNumber') },
  { header: 'Narration', value: text('narration') },
  { header: 'Memo', value: text('memo') },
  { header: 'Debit', value: text('debit') },
  { header: 'Credit', value: text('credit') },
  { header: 'Balance', value: (row: Row) => formatBalance(String(row.balance)) },
];

/** Issue 33: rows carrying figures in another currency add them after the balance. */
const foreignColumns = [
  { header: 'Currency', value: text('currency') },
  { header: 'Rate', value: text('exchangeRate') },
  { header: 'Foreign debit', value: text('foreignDebit') },
  { header: 'Foreign credit', value: text('foreignCredit') },
  { header: 'Foreign balance', value: (row: Row) => (row.foreignBalance === undefined ? null : formatBalance(String(row.foreignBalance))) },
];

const foreignBalanceOf = (currency: string, balance: string | undefined) => (balance === undefined ? {} : { currency, foreignBalance: balance });

/** A control account's export names each row's customer or vendor account after the date. */
const subAccountColumn = {
  header: 'Account',
  value: (row: Row) => {
    const account = row.account as { accountCode: string; accountName: string } | undefined;
    return account ? `${account.accountCode} ${account.accountName}` : null;
  },
};

/** The standalone ledger page's API: who may open /ledger/:accountId may read it (sales roles included). */
export function registerLedgerRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireAccess((role) => canAccessRoute(role, '/ledger/:accountId'))];

  app.get('/ledger/:accountId', { schema: ledgerDocs.read, onRequest: guard }, async (request) =>
    heavyRead(app.ctx.reads, (db) => accountLedger(db, accountIdOf(request), authOf(request), validated(ledgerQuerySchema, request.query))),
  );

  app.get('/ledger/:accountId/export', { schema: ledgerDocs.export, onRequest: guard }, async (request, reply) => {
    const { format, ...query } = validated(ledgerExportQuery, request.query);
    const ledger = await ledgerForExport(await heavyReadDb(app.ctx.reads), accountIdOf(request), authOf(request), query);
    const rows: Row[] = [
      // A foreign account's opening and closing carry its balance in its currency too.
      { entryDate: ledger.range.from, narration: 'Opening balance', balance: ledger.openingBalance, ...foreignBalanceOf(ledger.account.currency, ledger.foreign?.foreignOpening) },
      ...ledger.rows.map((r) => ({ ...r })),
      { entryDate: ledger.range.to, narration: 'Closing balance', debit: ledger.totals.debit, credit: ledger.totals.credit, balance: ledger.closingBalance, ...foreignBalanceOf(ledger.account.currency, ledger.foreign?.foreignClosing) },
    ];
    const fileName = `ledger-${ledger.account.accountCode.replace(/[^A-Za-z0-9.-]/g, '')}-${ledger.range.from}-${ledger.range.to}`;
    const columns = [
      ...(memberCount(ledger.account) > 1 ? [ledgerColumns[0]!, subAccountColumn, ...ledgerColumns.slice(1)] : ledgerColumns),
      ...(ledger.foreign || ledger.rows.some((r) => r.currency) ? foreignColumns : []),
    ];
    return sendExport(reply, format, { fileName, title: `Ledger ${ledger.account.accountCode}`, columns, rows });
  });
}
