import type { FbrScenarioResult } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { scenarioRunKind } from './fbr-scenarios.service.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';

/** Issue 30, section 7: the sandbox scenarios, run against the fake FBR. */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
const token = 'sandbox-token-scenarios-5e2c-never-shown';
const twelve = ['SN001', 'SN002', 'SN005', 'SN006', 'SN007', 'SN015', 'SN016', 'SN017', 'SN021', 'SN022', 'SN024', 'SN008'];
const fifteen = ['SN001', 'SN002', 'SN005', 'SN006', 'SN007', 'SN015', 'SN016', 'SN017', 'SN021', 'SN022', 'SN024', 'SN026', 'SN027', 'SN028', 'SN008'];

const fbrSettings = (body: Record<string, unknown>) => f.call('PUT', '/api/fbr/settings', body);
const companySettings = (body: Record<string, unknown>) => f.call('PUT', '/api/settings', body);
const list = async () => {
  const answer = await f.call('GET', '/api/fbr/scenarios');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { businessActivity: string; sector: string; registeredAsRetailer: boolean; scenarios: FbrScenarioResult[] };
};
const stored = async () =>
  queryRows<{ scenarioId: string; status: string }>(t.database.db, sql`SELECT scenario_id AS "scenarioId", status FROM fbr_scenarios ORDER BY scenario_id`);
const worker = () => t.app.ctx.workers.get('fbr-sender')!;
/** The worker's passes until one finds nothing to do (it takes up to `concurrency` scenarios a pass). */
const drainWorker = async () => {
  while (Number(await worker().runOnce()) > 0);
};

/** The run of all as an admin sees it: started, its job run, then the FBR worker's pass; answers the list after. */
async function runAll(): Promise<FbrScenarioResult[]> {
  const started = await f.call('POST', '/api/fbr/scenarios/run');
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ status: 202, jobId: expect.any(Number) });
  await t.app.ctx.jobs.runUntilIdle();
  await drainWorker();
  return (await list()).scenarios;
}

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token] });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Scn');
  const company = await companySettings({ address: '1 Scn Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor', sector: 'allOtherSectors' });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('before the sandbox token', () => {
  it("lists the 12 scenarios of Distributor x All other sectors, none run; running any is 409 and asks FBR nothing", async () => {
    const answer = await list();
    expect(answer).toMatchObject({ status: 200, businessActivity: 'distributor', sector: 'allOtherSectors', registeredAsRetailer: false });
    expect(answer.scenarios.map((s) => s.scenarioId)).toEqual(twelve);
    expect(answer.scenarios[0]).toEqual({ scenarioId: 'SN001', description: 'Goods at standard rate to registered buyers', status: 'notRun', payload: null, response: null, error: null, ranAt: null });
    for (const url of ['/api/fbr/scenarios/run', '/api/fbr/scenarios/SN001/run']) {
      const refused = await f.call('POST', url);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().message).toMatch(/the sandbox token is not set/);
      expect(refused.json().errors).toEqual({ sandboxToken: 'The sandbox token' });
    }
    expect(fake.requests).toEqual([]);
    expect(await queryRows(t.database.db, sql`SELECT id FROM jobs WHERE kind = ${scenarioRunKind}`)).toEqual([]);
  });

  it("is the admin's: a sales executive and the auditor are refused (403)", async () => {
    for (const role of ['salesExecutive', 'auditor'] as const) {
      const user = await t.userWithRole(role);
      expect((await f.call('GET', '/api/fbr/scenarios', undefined, user.token)).statusCode, role).toBe(403);
      expect((await f.call('POST', '/api/fbr/scenarios/run', undefined, user.token)).statusCode, role).toBe(403);
      expect((await f.call('POST', '/api/fbr/scenarios/SN001/run', undefined, user.token)).statusCode, role).toBe(403);
    }
  });
});

describe('the run of all', () => {
  beforeAll(async () => {
    const saved = await fbrSettings({ sandboxToken: token, baseUrl: fake.url });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('Distributor x All other sectors: a job queues the 12, the FBR worker runs them; 12 results stored, all passed', async () => {
    const started = await f.call('POST', '/api/fbr/scenarios/run');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().message).toBe('12 sandbox scenarios started');
    // Another run while this one is under way is refused.
    expect((await f.call('POST', '/api/fbr/scenarios/run')).statusCode).toBe(409);
    expect((await list()).scenarios.every((s) => s.status === 'notRun')).toBe(true);

    await t.app.ctx.jobs.runUntilIdle();
    expect(await queryRows(t.database.db, sql`SELECT status, error FROM jobs WHERE kind = ${scenarioRunKind}`)).toEqual([{ status: 'done', error: null }]);
    // Queued for the worker: FBR not asked yet.
    expect((await list()).scenarios.map((s) => [s.status, s.payload, s.ranAt])).toEqual(twelve.map(() => ['running', null, null]));
    expect(fake.requests).toEqual([]);
    expect((await f.call('POST', '/api/fbr/scenarios/SN001/run')).statusCode).toBe(409);

    await drainWorker();
    const scenarios = (await list()).scenarios;
    expect(await stored()).toEqual([...twelve].sort().map((scenarioId) => ({ scenarioId, status: 'passed' })));
    for (const scenario of scenarios) {
      expect(scenario, scenario.scenarioId).toMatchObject({ status: 'passed', error: null, ranAt: expect.any(String), payload: { scenarioId: scenario.scenarioId, sellerNTNCNIC: '7000007' } });
      expect((scenario.response as { invoiceNumber: string }).invoiceNumber).toMatch(/^7000007DI\d{13}$/);
    }
    // Each validated, then posted, in the sandbox, with the sandbox token.
    expect(fake.requests.filter((r) => r.endpoint === 'validate')).toHaveLength(12);
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(12);
    expect(fake.requests.every((r) => r.environment === 'sandbox' && r.authorization === `Bearer ${token}`)).toBe(true);
    expect(JSON.stringify(scenarios)).not.toContain(token);
  });

  it('the payloads: sample goods in FBR’s words where the company sells none of the sale type, its own goods where it does', async () => {
    const itemId = await f.newTaxedItem('Glucose kit', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
    const scenarios = await runAll();
    const itemOf = (id: string) => (scenarios.find((s) => s.scenarioId === id)!.payload as { items: Array<Record<string, unknown>> }).items[0];
    expect(itemOf('SN001')).toMatchObject({ productDescription: 'Scn Glucose kit', hsCode: '3822.1900', saleType: 'Goods at standard rate (default)', rate: '18%' });
    expect(itemOf('SN015')).toMatchObject({ productDescription: 'Sample mobile phone', saleType: 'Mobile Phones' });
    expect(itemOf('SN021')).toMatchObject({ saleType: 'Cement /Concrete Block', rate: 'Rs.3', salesTaxApplicable: 36 });
    expect(itemOf('SN005')).toMatchObject({ productDescription: 'Sample goods at reduced rate', saleType: 'Goods at Reduced Rate' });
    expect(scenarios.find((s) => s.scenarioId === 'SN002')!.payload).toMatchObject({ buyerRegistrationType: 'Unregistered', buyerProvince: 'PUNJAB' });
    expect(itemId).toBeGreaterThan(0);
  });

  it('as a registered retailer: 15 results stored, all passed', async () => {
    expect((await fbrSettings({ registeredAsRetailer: true })).statusCode).toBe(200);
    const scenarios = await runAll();
    expect(scenarios.map((s) => s.scenarioId)).toEqual(fifteen);
    expect(scenarios.every((s) => s.status === 'passed')).toBe(true);
    expect(await stored()).toEqual([...fifteen].sort().map((scenarioId) => ({ scenarioId, status: 'passed' })));
  });

  it('Distributor x Pharmaceuticals: 5 as a retailer, 2 otherwise', async () => {
    expect((await companySettings({ sector: 'pharmaceuticals' })).statusCode).toBe(200);
    const asRetailer = await runAll();
    expect(asRetailer.map((s) => [s.scenarioId, s.status])).toEqual(['SN025', 'SN026', 'SN027', 'SN028', 'SN008'].map((id) => [id, 'passed']));
    expect((await fbrSettings({ registeredAsRetailer: false })).statusCode).toBe(200);
    fake.reset();
    const otherwise = await runAll();
    expect(otherwise.map((s) => [s.scenarioId, s.status])).toEqual([['SN025', 'passed'], ['SN008', 'passed']]);
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(2);
    expect((await companySettings({ sector: 'allOtherSectors' })).statusCode).toBe(200);
  });

  it('a scenario FBR refuses is failed with FBR’s words and its answer; the others pass', async () => {
    fake.script('validate', [{ lineError: { itemSNo: '1', errorCode: '0052', error: 'Provide proper HS Code' } }]);
    const scenarios = await runAll();
    const failed = scenarios.filter((s) => s.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ error: 'Validate: FBR refused it: item 1: 0052 Provide proper HS Code', response: { validationResponse: { statusCode: '01' } }, payload: { scenarioId: failed[0]!.scenarioId } });
    expect(scenarios.filter((s) => s.status === 'passed')).toHaveLength(11);
    // Refused at validation: never posted.
    expect(fake.requests.filter((r) => r.endpoint === 'post')).toHaveLength(11);
  });

  it('queued, then switched to production before the worker took them up: each fails with the reason, FBR not asked', async () => {
    expect((await f.call('POST', '/api/fbr/scenarios/run')).statusCode).toBe(202);
    await t.app.ctx.jobs.runUntilIdle();
    expect((await fbrSettings({ environment: 'production' })).statusCode).toBe(200);
    await drainWorker();
    const scenarios = (await list()).scenarios;
    expect(scenarios.every((s) => s.status === 'failed' && /the environment is production/.test(s.error ?? ''))).toBe(true);
    expect(fake.requests).toEqual([]);
    expect((await fbrSettings({ environment: 'sandbox' })).statusCode).toBe(200);
  });
});

describe('the run of one', () => {
  it('runs while the request waits and answers the result', async () => {
    const ran = await f.call('POST', '/api/fbr/scenarios/SN007/run');
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toMatchObject({ message: 'SN007 passed: FBR accepted its invoice', scenario: { scenarioId: 'SN007', status: 'passed', error: null, payload: { scenarioId: 'SN007' } } });
    expect(fake.requests.map((r) => r.endpoint)).toEqual(['validate', 'post']);
    expect((await list()).scenarios.find((s) => s.scenarioId === 'SN007')).toEqual(ran.json().scenario);
  });

  it('a post FBR refuses is failed, its answer kept', async () => {
    fake.script('post', [{ headerError: { errorCode: '0401', error: 'Provide seller registration number (NTN or CNIC).' } }]);
    const ran = await f.call('POST', '/api/fbr/scenarios/SN006/run');
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().scenario).toMatchObject({ status: 'failed', error: 'Post: FBR refused it: 0401 Provide seller registration number (NTN or CNIC).', response: { validationResponse: { errorCode: '0401' } } });
    expect(ran.json().message).toBe('SN006 failed: Post: FBR refused it: 0401 Provide seller registration number (NTN or CNIC).');
  });

  it('FBR down is failed in words', async () => {
    fake.script('validate', [{ status: 503 }]);
    const ran = await f.call('POST', '/api/fbr/scenarios/SN001/run');
    expect(ran.json().scenario).toMatchObject({ status: 'failed', error: 'Validate: FBR answered 503 Service Unavailable' });
  });

  it('a scenario the company does not require, or not one at all, is 404', async () => {
    for (const id of ['SN003', 'SN025', 'SN999', 'bad']) expect((await f.call('POST', `/api/fbr/scenarios/${id}/run`)).statusCode, id).toBe(404);
    expect((await f.call('POST', '/api/fbr/scenarios/SN025/run')).json().message).toBe("SN025 is not a scenario of the company's business activity and sector");
    expect(fake.requests).toEqual([]);
  });

  it('409 in production', async () => {
    expect((await fbrSettings({ environment: 'production' })).statusCode).toBe(200);
    for (const url of ['/api/fbr/scenarios/run', '/api/fbr/scenarios/SN001/run']) {
      const refused = await f.call('POST', url);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().message).toMatch(/the environment is production/);
    }
    expect(fake.requests).toEqual([]);
    expect((await fbrSettings({ environment: 'sandbox' })).statusCode).toBe(200);
  });

  it('a run that stopped before FBR answered reads as failed, and may be run again', async () => {
    await t.database.db.execute(sql`UPDATE fbr_scenarios SET status = 'running', error = NULL, started_at = now(), running_until = now() - interval '1 second' WHERE scenario_id = 'SN001'`);
    expect((await list()).scenarios.find((s) => s.scenarioId === 'SN001')).toMatchObject({ status: 'failed', error: 'The run stopped before FBR answered: run it again' });
    const again = await f.call('POST', '/api/fbr/scenarios/SN001/run');
    expect(again.json().scenario).toMatchObject({ status: 'passed' });
  });
});
