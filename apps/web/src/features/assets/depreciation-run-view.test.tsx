import type { DepreciationRunDetail } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { DepreciationRunView } from './depreciation-run-view.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const running: DepreciationRunDetail = {
  id: 7,
  status: 'running',
  documentNumber: null,
  month: '2026-03',
  runDate: '2026-03-31',
  totalAssets: 4,
  processedAssets: 0,
  totalAmount: '0.00',
  error: null,
  postedAt: null,
  postedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  createdBy: 1,
  createdAt: '2026-04-01T09:00:00.000Z',
  updatedAt: '2026-04-01T09:00:00.000Z',
};

describe('depreciation run view', () => {
  it('advances the progress bar with each polled answer and stops polling once the run is posted', async () => {
    // What GET /api/depreciation-runs/7 answers, one after the other; the last one again after that.
    const answers: DepreciationRunDetail[] = [
      { ...running, processedAssets: 1, totalAmount: '100.00' },
      { ...running, processedAssets: 3, totalAmount: '300.00' },
      { ...running, status: 'posted', documentNumber: 'DEP-2026-000001', processedAssets: 4, totalAmount: '400.00', postedAt: '2026-04-01T08:00:00Z' },
    ];
    let reads = 0;
    api = mockApi((config) => {
      if (config.url === '/api/depreciation-runs/7') return { status: 200, data: { data: answers[Math.min(reads++, answers.length - 1)] } };
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(<DepreciationRunView run={running} onClose={() => undefined} pollMs={20} />, { auth: authOf(userOf('accountant')) });

    const bar = screen.getByRole('progressbar', { name: 'Depreciation run progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByRole('status')).toHaveTextContent('4 of 4 assets');
    expect(screen.getByText('400.00')).toBeInTheDocument();
    // Posted: the Cancel of its workflow is offered, and no more reads come.
    expect(await screen.findByRole('button', { name: /Cancel depreciation run/ })).toBeInTheDocument();
    const readsWhenPosted = reads;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(reads).toBe(readsWhenPosted);
  });

  it('shows a failed run in red with its error', async () => {
    api = mockApi(() => ({ status: 200, data: { data: { ...running, status: 'failed', processedAssets: 2, error: 'Period closed through 31 Mar 2026' } } }));
    renderWithApp(<DepreciationRunView run={{ ...running, status: 'failed', processedAssets: 2, error: 'Period closed through 31 Mar 2026' }} onClose={() => undefined} pollMs={20} />, {
      auth: authOf(userOf('accountant')),
    });
    expect(screen.getByRole('progressbar', { name: 'Depreciation run progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Period closed through 31 Mar 2026')).toBeInTheDocument();
  });
});
