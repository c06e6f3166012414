import { type FbrScenarioResult, type FbrSettings, fbrScenarioMessages } from '@erp/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { FbrScenariosCard } from './fbr-scenarios-card.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.useRealTimers();
});

const settings: FbrSettings = {
  enabled: false,
  environment: 'sandbox',
  baseUrl: 'https://gw.fbr.gov.pk',
  effectiveBaseUrl: 'https://gw.fbr.gov.pk',
  baseUrlFromEnv: false,
  timeoutSeconds: 30,
  retryBaseSeconds: 30,
  concurrency: 8,
  registeredAsRetailer: false,
  sandboxTokenSet: true,
  productionTokenSet: false,
};

const scenario = (over: Partial<FbrScenarioResult>): FbrScenarioResult => ({
  scenarioId: 'SN001',
  description: 'Goods at standard rate to registered buyers',
  status: 'notRun',
  payload: null,
  response: null,
  error: null,
  ranAt: null,
  ...over,
});

const lastRun = [
  scenario({ status: 'passed', payload: { invoiceType: 'Sale Invoice', scenarioId: 'SN001' }, response: { invoiceNumber: '7000007DI1747119701593' }, ranAt: '2026-12-03T10:00:00.000Z' }),
  scenario({ scenarioId: 'SN002', description: 'Goods at standard rate to unregistered buyers', status: 'failed', error: 'Validate: FBR refused it: item 1: 0052 Provide proper HS Code', ranAt: '2026-12-03T10:00:01.000Z' }),
  scenario({ scenarioId: 'SN008', description: 'Sale of 3rd schedule goods' }),
];

/** The list answers each stage in turn: `stages[0]` until a run starts, then the next one per read. */
function serve(stages: FbrScenarioResult[][]) {
  let stage = 0;
  let started = false;
  return mockApi((config) => {
    if (config.method === 'get' && config.url === '/api/fbr/scenarios') {
      const scenarios = stages[Math.min(stage, stages.length - 1)]!;
      if (started) stage += 1;
      return { status: 200, data: { status: 200, message: 'OK', businessActivity: 'distributor', sector: 'pharmaceuticals', registeredAsRetailer: false, scenarios } };
    }
    if (config.method === 'post' && config.url === '/api/fbr/scenarios/run') {
      started = true;
      stage = 1;
      return { status: 202, data: { status: 202, message: fbrScenarioMessages.started(3), jobId: 7 } };
    }
    if (config.method === 'post' && config.url === '/api/fbr/scenarios/SN002/run') {
      const ran = scenario({ scenarioId: 'SN002', status: 'passed' });
      return { status: 200, data: { status: 200, message: fbrScenarioMessages.passed('SN002'), scenario: ran } };
    }
    return { status: 404, data: {} };
  });
}

const render = (over: Partial<FbrSettings> = {}) => renderWithApp(<FbrScenariosCard settings={{ ...settings, ...over }} />, { auth: authOf(userOf('admin')), path: '/settings?tab=fbr' });
const rowOf = (scenarioId: string) => screen.getByText(scenarioId).closest('tr')!;
const statuses = () => ['SN001', 'SN002', 'SN008'].map((id) => rowOf(id).querySelector('.ant-tag')?.textContent);
const posts = () => api!.calls.filter((call) => call.method === 'post').map((call) => call.url);

describe('the sandbox scenarios (issue 30, section 7)', () => {
  it('lists the scenarios the business activity and sector require, each run’s state and FBR’s reason', async () => {
    api = serve([lastRun]);
    render();
    expect(await screen.findByText('Sale of 3rd schedule goods')).toBeInTheDocument();
    expect(screen.getByText('Distributor')).toBeInTheDocument();
    expect(screen.getByText('Pharmaceuticals')).toBeInTheDocument();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(within(rowOf('SN001')).getByText('Passed')).toBeInTheDocument();
    expect(within(rowOf('SN002')).getByText('Failed')).toBeInTheDocument();
    expect(within(rowOf('SN002')).getByText('Validate: FBR refused it: item 1: 0052 Provide proper HS Code')).toBeInTheDocument();
    expect(within(rowOf('SN008')).getByText('Not run')).toBeInTheDocument();
    // What was sent and FBR's answer, under the row.
    fireEvent.click(within(rowOf('SN001')).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText(/"invoiceNumber": "7000007DI1747119701593"/)).toBeInTheDocument();
    expect(screen.getByText(/"scenarioId": "SN001"/)).toBeInTheDocument();
  });

  it('runs them all: the list shows them running, and is read again until FBR has answered each', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = lastRun.map((row) => ({ ...row, status: 'running' as const, payload: null, response: null, error: null, ranAt: null }));
    const done = lastRun.map((row) => ({ ...row, status: 'passed' as const, error: null }));
    api = serve([lastRun, running, done]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Run all' }));
    expect(await screen.findByText(fbrScenarioMessages.started(3))).toBeInTheDocument();
    await waitFor(() => expect(statuses()).toEqual(['Running', 'Running', 'Running']));
    expect(posts()).toEqual(['/api/fbr/scenarios/run']);
    // No second run while one is under way.
    expect(screen.getByRole('button', { name: 'Run all' })).toBeDisabled();
    expect(within(rowOf('SN008')).getByRole('button', { name: 'Run SN008' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await waitFor(() => expect(statuses()).toEqual(['Passed', 'Passed', 'Passed']));
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run all' })).toBeEnabled();
    const reads = api.calls.filter((call) => call.method === 'get').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    // Nothing running: no more polling.
    expect(api.calls.filter((call) => call.method === 'get')).toHaveLength(reads);
  });

  it('runs one scenario and says how it went', async () => {
    api = serve([lastRun]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Run SN002' }));
    expect(await screen.findByText(fbrScenarioMessages.passed('SN002'))).toBeInTheDocument();
    expect(posts()).toEqual(['/api/fbr/scenarios/SN002/run']);
  });

  it('is disabled, saying why, in production and without a sandbox token', async () => {
    api = serve([lastRun]);
    const { unmount } = render({ environment: 'production' });
    await screen.findByText('SN001');
    expect(screen.getByText(fbrScenarioMessages.production)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run all' })).toBeDisabled();
    expect(within(rowOf('SN001')).getByRole('button', { name: 'Run SN001' })).toBeDisabled();
    unmount();
    render({ sandboxTokenSet: false });
    expect(await screen.findByText(fbrScenarioMessages.token)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run all' })).toBeDisabled();
    expect(posts()).toEqual([]);
  });
});
