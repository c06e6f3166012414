import { placementDocument, type RentalAgreementPnl, rentalAgreementDocument, type RentalMonthEndProgress, type RentalPeriodsAnswer, rentalReturnDocument } from '@erp/domain';
import { queryAddress } from '../../components/document/document-address.ts';
import { http } from '../../lib/http.ts';

/** Agreements open on /reagent-rentals?open=<id>; placements and returns on their tabs. */
export const agreementAddress = queryAddress(rentalAgreementDocument.route, {});
export const placementAddress = queryAddress(placementDocument.route, { tab: 'placements' });
export const returnAddress = queryAddress(rentalReturnDocument.route, { tab: 'returns' });

export const rentalKeys = {
  periods: (id: number) => [rentalAgreementDocument.name, 'periods', id] as const,
  pnl: (id: number) => [rentalAgreementDocument.name, 'pnl', id] as const,
};

export async function fetchPeriods(id: number): Promise<RentalPeriodsAnswer> {
  const { data } = await http.get<RentalPeriodsAnswer>(`/api/rental-agreements/${id}/periods`);
  return data;
}

export async function fetchPnl(id: number): Promise<RentalAgreementPnl> {
  const { data } = await http.get<{ data: RentalAgreementPnl }>(`/api/rental-agreements/${id}/pnl`);
  return data.data;
}

export async function startMonthEnd(month: string): Promise<number> {
  const { data } = await http.post<{ jobId: number }>('/api/rental-agreements/month-end', { month });
  return data.jobId;
}

export async function fetchMonthEnd(jobId: number): Promise<RentalMonthEndProgress> {
  const { data } = await http.get<{ data: RentalMonthEndProgress }>(`/api/rental-agreements/month-end/${jobId}`);
  return data.data;
}
