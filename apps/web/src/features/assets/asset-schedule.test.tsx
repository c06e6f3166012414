import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { AssetSchedule } from './asset-schedule.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('asset schedule', () => {
  it('renders the months with charge, accumulated and book value, marking those a run posted', async () => {
    api = mockApi((config) =>
      config.url === '/api/assets/12/schedule'
        ? {
            status: 200,
            data: {
              status: 200,
              message: 'OK',
              data: [
                { month: '2026-01', charge: '333.33', accumulated: '333.33', bookValue: '11666.67', posted: true },
                { month: '2026-02', charge: '333.33', accumulated: '666.66', bookValue: '11333.34', posted: false },
                { month: '2026-03', charge: '333.34', accumulated: '1000.00', bookValue: '11000.00', posted: false },
              ],
            },
          }
        : { status: 404, data: { status: 404, message: 'Not found' } },
    );
    renderWithApp(<AssetSchedule assetId={12} />, { auth: authOf(userOf('accountant')) });
    const january = (await screen.findByText('Jan 2026')).closest('tr')!;
    expect(within(january).getAllByText('333.33')).toHaveLength(2);
    expect(within(january).getByText('11,666.67')).toBeInTheDocument();
    expect(within(january).getByText('Posted')).toBeInTheDocument();
    const march = screen.getByText('Mar 2026').closest('tr')!;
    expect(within(march).getByText('1,000.00')).toBeInTheDocument();
    expect(within(march).getByText('11,000.00')).toBeInTheDocument();
    expect(within(march).getByText('Not yet')).toBeInTheDocument();
  });
});
