import type { PayRunDetail } from '@erp/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PayRunView } from './pay-run-view.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const run = {
  id: 21,
  documentNumber: null,
  status: 'draft',
  month: '2026-10',
  kind: 'supplementary',
  regionIds: [],
  departmentIds: [],
  runDate: '2026-10-31',
  generating: false,
  totalEmployees: 3,
  processedEmployees: 3,
  error: null,
  slips: 0,
  gross: '0.00',
  deductions: '0.00',
  employerCost: '0.00',
  net: '0.00',
  paidAmount: '0.00',
  paymentState: 'unpaid',
} as unknown as PayRunDetail;

describe('a pay run', () => {
  it('says a supplementary run found no differences, and offers no Approve (issue 27)', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/pay-runs/21') return { status: 200, data: { data: run } };
      if (config.url === '/api/pay-slips') return { status: 200, data: { data: [], total: 0 } };
      return { status: 200, data: { options: [], hasMore: false } };
    });
    renderWithApp(<PayRunView run={run} onClose={() => undefined} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('No differences since the posted months')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Recompute/ })).toBeInTheDocument();
  });

  it('offers Approve on a supplementary run with slips', async () => {
    const withSlips = { ...run, slips: 1, net: '1000.00' };
    api = mockApi((config) => {
      if (config.url === '/api/pay-runs/21') return { status: 200, data: { data: withSlips } };
      if (config.url === '/api/pay-slips') return { status: 200, data: { data: [], total: 0 } };
      return { status: 200, data: { options: [], hasMore: false } };
    });
    renderWithApp(<PayRunView run={withSlips} onClose={() => undefined} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByRole('button', { name: /Approve/ })).toBeInTheDocument();
    expect(screen.queryByText('No differences since the posted months')).not.toBeInTheDocument();
  });
});
