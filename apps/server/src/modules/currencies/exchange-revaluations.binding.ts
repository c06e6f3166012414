import { exchangeRevaluationDocument, type ExchangeRevaluationDetail, type ExchangeRevaluationInput } from '@erp/domain';
import { exchangeRevaluationRates, exchangeRevaluations } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { assertRevaluationWrite, exchangeRevaluationHandlers } from './exchange-revaluations.handlers.ts';
import { exchangeRevaluationQueries } from './exchange-revaluations.queries.ts';

/** Exchange revaluations on the document machinery: the declaration (domain), its tables, queries and handlers. */
export const exchangeRevaluationBinding: DocumentBinding<
  ExchangeRevaluationInput,
  ExchangeRevaluationDetail,
  StateOf<typeof exchangeRevaluationDocument>,
  ActionOf<typeof exchangeRevaluationDocument>
> = {
  definition: exchangeRevaluationDocument,
  // Found by search: the currencies tab of /accounting, the revaluation open.
  searchRoute: (id) => `/accounting?tab=currencies&view=revaluations&open=${id}`,
  table: exchangeRevaluations,
  columns: { id: exchangeRevaluations.id, number: exchangeRevaluations.documentNumber, date: exchangeRevaluations.documentDate, status: exchangeRevaluations.status },
  lineTable: { table: exchangeRevaluationRates, parent: exchangeRevaluationRates.exchangeRevaluationId },
  queries: exchangeRevaluationQueries,
  assertMayWrite: assertRevaluationWrite,
  handlers: exchangeRevaluationHandlers(async (tx, id) => (await findDocument<ExchangeRevaluationDetail>(tx, exchangeRevaluationBinding, id))!),
};
