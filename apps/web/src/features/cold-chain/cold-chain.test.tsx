import { formatStamp } from '../../lib/dates.ts';
import type { ExcursionRow } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ColdChainTab } from './cold-chain-tab.tsx';
import { ExcursionDrawer } from './excursion-drawer.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const noOptions = { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };

const unit = (id: number, unitName: string, overrides: Record<string, unknown> = {}) => ({
  id,
  unitName,
  unitKind: 'fridge',
  regionId: 2,
  region: { id: 2, regionName: 'Lahore' },
  storageCondition: 'refrigerated',
  minC: '2.00',
  maxC: '8.00',
  isDefault: false,
  loggerSerial: null,
  responsibleUserId: null,
  active: true,
  inExcursion: false,
  openExcursionId: null,
  lastReading: null,
  createdAt: '2026-03-01T03:00:00.000Z',
  ...overrides,
});

const excursion = (overrides: Partial<ExcursionRow> = {}): ExcursionRow => ({
  id: 5,
  storageUnitId: 1,
  unitName: 'Fridge A',
  regionId: 2,
  source: 'storage',
  goodsReceiptId: null,
  startedAt: '2026-03-01T03:30:00.000Z',
  endedAt: '2026-03-01T04:30:00.000Z',
  lastReadingAt: '2026-03-01T04:00:00.000Z',
  durationMinutes: 60,
  minC: '9.00',
  maxC: '9.50',
  rangeMinC: '2.00',
  rangeMaxC: '8.00',
  direction: 'high',
  status: 'awaitingDisposition',
  disposition: null,
  dispositionReason: null,
  dispositionBy: null,
  dispositionAt: null,
  writeOffAdjustmentId: null,
  lots: [
    { inventoryId: 11, itemId: 7, itemName: 'CBC Reagent', lotNumber: 'L-1', dateExpiry: '2027-01-31', quantity: 40, lotStatus: 'quarantined', disposition: null },
    { inventoryId: 12, itemId: 8, itemName: 'HbA1c Kit', lotNumber: 'H-9', dateExpiry: '2026-12-31', quantity: 6, lotStatus: 'quarantined', disposition: null },
  ],
  ...overrides,
});

const unitsApi = () =>
  mockApi((config) => {
    if (config.url === '/api/storage-units')
      return {
        status: 200,
        data: {
          status: 200,
          message: 'OK',
          total: 2,
          data: [
            unit(1, 'Fridge A', { inExcursion: true, openExcursionId: 5, lastReading: { readAt: '2026-03-01T04:00:00.000Z', temperatureC: '9.50' } }),
            unit(2, 'Cold room 1', { unitKind: 'coldRoom', lastReading: { readAt: '2026-03-01T04:00:00.000Z', temperatureC: '4.00' } }),
          ],
        },
      };
    if (config.url === '/api/temperature-excursions/5') return { status: 200, data: { status: 200, message: 'OK', data: excursion() } };
    if (config.url === '/api/temperature-readings')
      return {
        status: 200,
        data: {
          status: 200,
          message: 'OK',
          data: [{ id: 1, storageUnitId: 1, unitName: 'Fridge A', regionId: 2, readAt: '2026-03-01T03:30:00.000Z', temperatureC: '9.50', deviation: 'high', source: 'logger', notes: '', createdBy: 1, createdAt: '2026-03-01T05:00:00.000Z' }],
          nextAfter: config.params?.after ? null : '2026-03-01T03:30:00.000Z~1',
        },
      };
    return noOptions;
  });

describe('/inventory?tab=cold-chain: storage units', () => {
  it('lists the units with their last reading and excursion state, filtered by the address', async () => {
    api = unitsApi();
    renderWithApp(<ColdChainTab />, { auth: authOf(userOf('operationManager')), path: '/inventory?tab=cold-chain&inExcursion=true' });
    expect(await screen.findByText('Fridge A')).toBeInTheDocument();
    const row = screen.getByText('Fridge A').closest('tr')!;
    expect(within(row).getByText('9.50 °C')).toBeInTheDocument();
    expect(within(row).getAllByText(formatStamp('2026-03-01T04:00:00.000Z')).length).toBeGreaterThan(0);
    expect(within(row).getByRole('button', { name: 'In excursion: open the excursion of Fridge A' })).toBeInTheDocument();
    expect(within(screen.getByText('Cold room 1').closest('tr')!).getByText('In range')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/storage-units')?.params).toMatchObject({ inExcursion: 'true' });
    // The named filter's closable tag, beside the row's button.
    expect(screen.getAllByText('In excursion')).toHaveLength(2);
  });

  it('opens a unit\'s readings, oldest first, and loads the next page', async () => {
    api = unitsApi();
    renderWithApp(<ColdChainTab />, { auth: authOf(userOf('operationManager')), path: '/inventory?tab=cold-chain' });
    await userEvent.click(await screen.findByRole('button', { name: 'Readings of Fridge A' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('9.50 °C')).toBeInTheDocument();
    expect(within(drawer).getByText('Above')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/temperature-readings')?.params).toMatchObject({ storageUnitId: 1, pageSize: 50 });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(api!.calls.filter((c) => c.url === '/api/temperature-readings').at(-1)?.params).toMatchObject({ after: '2026-03-01T03:30:00.000Z~1' }));
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(within(drawer).getByText('2 readings shown')).toBeInTheDocument();
  });

  it('offers writes by scope: New, Edit, Import and Add reading to the operation manager; readings alone to the supervisor; nothing to the auditor', async () => {
    api = unitsApi();
    const { unmount } = renderWithApp(<ColdChainTab />, { auth: authOf(userOf('operationManager')), path: '/inventory?tab=cold-chain' });
    expect(await screen.findByText('Fridge A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /new/i })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Readings of Fridge A' }));
    const managerDrawer = await screen.findByRole('dialog');
    expect(await within(managerDrawer).findByRole('button', { name: /add reading/i })).toBeInTheDocument();
    expect(within(managerDrawer).getByRole('button', { name: /import/i })).toBeInTheDocument();
    unmount();

    const supervisor = renderWithApp(<ColdChainTab />, { auth: authOf(userOf('inventorySupervisor')), path: '/inventory?tab=cold-chain' });
    expect(await screen.findByText('Fridge A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Readings of Fridge A' }));
    const supervisorDrawer = await screen.findByRole('dialog');
    expect(await within(supervisorDrawer).findByRole('button', { name: /add reading/i })).toBeInTheDocument();
    expect(within(supervisorDrawer).getByRole('button', { name: /import/i })).toBeInTheDocument();
    supervisor.unmount();

    renderWithApp(<ColdChainTab />, { auth: authOf(userOf('auditor', { scopes: ['temperature-readings:write', 'storage-units:write'] })), path: '/inventory?tab=cold-chain' });
    expect(await screen.findByText('Fridge A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new|import|edit/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Readings of Fridge A' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('9.50 °C')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /add reading|import/i })).not.toBeInTheDocument();
  });
});

describe('/inventory?tab=cold-chain: excursions', () => {
  it('opens the excursions awaiting disposition from the address', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/temperature-excursions') return { status: 200, data: { status: 200, message: 'OK', total: 1, data: [excursion({ lots: undefined })] } };
      return noOptions;
    });
    renderWithApp(<ColdChainTab />, { auth: authOf(userOf('inventorySupervisor')), path: '/inventory?tab=cold-chain&status=awaitingDisposition' });
    expect(await screen.findByText('Fridge A')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/temperature-excursions')?.params).toMatchObject({ status: 'awaitingDisposition', page: 1 });
    const row = screen.getByText('Fridge A').closest('tr')!;
    expect(within(row).getByText('1 h')).toBeInTheDocument();
    expect(within(row).getByText('9.00 °C / 9.50 °C')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting disposition')).toBeInTheDocument();
  });

  it('records a decision with a lot decided otherwise, checked by the schema first', async () => {
    let decided = false;
    api = mockApi((config) => {
      if (config.url === '/api/temperature-excursions/5/disposition' && config.method === 'post') {
        decided = true;
        return {
          status: 200,
          data: { status: 200, message: 'Excursion decided', data: excursion({ status: 'dispositioned', disposition: 'release', dispositionReason: 'Stable per the manufacturer' }), stillBlocked: { 11: 'recalled (RCL-2026-000001)' } },
        };
      }
      if (config.url === '/api/temperature-excursions/5') return { status: 200, data: { status: 200, message: 'OK', data: decided ? excursion({ status: 'dispositioned', disposition: 'release' }) : excursion() } };
      return noOptions;
    });
    renderWithApp(<ExcursionDrawer id={5} onClose={() => undefined} />, { auth: authOf(userOf('operationManager')) });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('CBC Reagent')).toBeInTheDocument();
    expect(within(drawer).getByText('Lots inside (2)')).toBeInTheDocument();

    // No reason: the schema's message, nothing sent.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Record decision' }));
    expect(await within(drawer).findByText('Reason is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url?.endsWith('/disposition'))).toBe(false);

    await userEvent.click(within(drawer).getByText('Release'));
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Decision for HbA1c Kit lot H-9' }));
    await userEvent.click(await screen.findByTitle('Write off'));
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Reason' }), 'Stable per the manufacturer');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Record decision' }));
    await waitFor(() => expect(decided).toBe(true));
    const sent = api.calls.find((c) => c.url === '/api/temperature-excursions/5/disposition');
    expect(JSON.parse(String(sent!.data))).toEqual({ disposition: 'release', reason: 'Stable per the manufacturer', lots: [{ inventoryId: 12, disposition: 'writeOff' }] });
    expect(await screen.findByText('Excursion decided')).toBeInTheDocument();
    expect(await within(drawer).findByText('CBC Reagent lot L-1: recalled (RCL-2026-000001)')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument());
  });

  it('shows no decision form without the scope, nor once decided', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/temperature-excursions/5') return { status: 200, data: { status: 200, message: 'OK', data: excursion() } };
      if (config.url === '/api/temperature-excursions/6') return { status: 200, data: { status: 200, message: 'OK', data: excursion({ id: 6, status: 'dispositioned', disposition: 'quarantine', dispositionReason: 'Await the lab', dispositionAt: '2026-03-02T05:00:00.000Z' }) } };
      return noOptions;
    });
    const supervisor = renderWithApp(<ExcursionDrawer id={5} onClose={() => undefined} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument();
    supervisor.unmount();
    renderWithApp(<ExcursionDrawer id={6} onClose={() => undefined} />, { auth: authOf(userOf('operationManager')) });
    expect(await screen.findByText('Await the lab')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument();
  });
});
