import type { PaySlipDetail, PaySlipList } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export interface SlipQuery {
  payRunId?: number;
  month?: string;
  unpaid?: boolean;
  latestPosted?: boolean;
}

export const slipKeys = {
  all: ['pay-slips'] as const,
  list: (query: SlipQuery) => ['pay-slips', 'list', query] as const,
};

/** GET /api/pay-slips: every slip of the query (a run holds at most a few thousand), with totals. */
export async function fetchSlips(query: SlipQuery): Promise<PaySlipList> {
  const { data } = await http.get<PaySlipList>('/api/pay-slips', { params: { ...query, limit: 5000 } });
  return { data: data.data, totals: data.totals };
}

export async function holdSlip(id: number, held: boolean): Promise<PaySlipDetail> {
  const { data } = await http.post<{ data: PaySlipDetail }>(`/api/pay-slips/${id}/hold`, { held });
  return data.data;
}

export const downloadSlipPdf = (slip: PaySlipDetail) => downloadFile(`/api/pay-slips/${slip.id}/pdf`, {}, `pay-slip-${slip.employeeCode}-${slip.month}.pdf`);
export const downloadRunPdf = (runId: number) => downloadFile(`/api/pay-runs/${runId}/pdf`, {}, `pay-run-${runId}-slips.pdf`);
export const downloadBankFile = (runId: number) => downloadFile(`/api/pay-runs/${runId}/bank-file`, {}, `pay-run-${runId}-bank.csv`);
