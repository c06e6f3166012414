import {
  type LotTrace,
  type NoticeChannel,
  type RecallDetail,
  type RecallDisposal,
  type RecallDisposalKind,
  recallDocument,
  type RecallNoticeRow,
  type RecallReconciliation,
} from '@erp/domain';
import { type DocumentAnswer, documentKeys } from '../../components/document/document-api.ts';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

const base = (id: number) => `/api/${recallDocument.name}/${id}`;

/** Under the document's own key: a transition or a save refreshes every read of the recall too. */
export const recallKeys = {
  all: documentKeys.all(recallDocument.name),
  trace: (id: number) => [recallDocument.name, 'trace', id] as const,
  reconciliation: (id: number) => [recallDocument.name, 'reconciliation', id] as const,
  notices: (id: number) => [recallDocument.name, 'notices', id] as const,
  disposals: (id: number) => [recallDocument.name, 'disposals', id] as const,
};

const read = async <T>(url: string): Promise<T> => (await http.get<{ data: T }>(url)).data.data;

export const fetchTrace = (id: number) => read<LotTrace>(`${base(id)}/trace`);
export const fetchReconciliation = (id: number) => read<RecallReconciliation>(`${base(id)}/reconciliation`);
export const fetchNotices = (id: number) => read<RecallNoticeRow[]>(`${base(id)}/notices`);
export const fetchDisposals = (id: number) => read<RecallDisposal[]>(`${base(id)}/disposals`);

export async function markNoticeSent(id: number, customerId: number, body: { sentOn?: string; sentVia?: NoticeChannel }): Promise<DocumentAnswer<RecallNoticeRow>> {
  return (await http.post<DocumentAnswer<RecallNoticeRow>>(`${base(id)}/notices/${customerId}/sent`, body)).data;
}

export async function markNoticeAcknowledged(id: number, customerId: number, body: { acknowledgedOn?: string }): Promise<DocumentAnswer<RecallNoticeRow>> {
  return (await http.post<DocumentAnswer<RecallNoticeRow>>(`${base(id)}/notices/${customerId}/acknowledged`, body)).data;
}

export interface DisposalBody {
  disposalDate?: string;
  kind: RecallDisposalKind;
  method: string;
  witness: string;
  certificateNumber: string;
  notes: string;
  lines: { inventoryId: number; quantity: number }[];
}

export async function recordDisposal(id: number, body: DisposalBody): Promise<DocumentAnswer<RecallDisposal>> {
  return (await http.post<DocumentAnswer<RecallDisposal>>(`${base(id)}/disposals`, body)).data;
}

export async function closeRecall(id: number, closingNotes: string): Promise<DocumentAnswer<RecallDetail>> {
  return (await http.post<DocumentAnswer<RecallDetail>>(`${base(id)}/close`, { closingNotes })).data;
}

const fileName = (recall: RecallDetail, what: string) => `${recall.documentNumber ?? `recall-${recall.id}`}-${what}.pdf`;

export const downloadReportPdf = (recall: RecallDetail) => downloadFile(`${base(recall.id)}/report/pdf`, {}, fileName(recall, 'report'));
export const downloadLettersPdf = (recall: RecallDetail) => downloadFile(`${base(recall.id)}/notices/pdf`, {}, fileName(recall, 'notices'));
export const downloadLetterPdf = (recall: RecallDetail, customerId: number) => downloadFile(`${base(recall.id)}/notices/${customerId}/pdf`, {}, fileName(recall, `notice-${customerId}`));
