import { companySettingsSchema } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../areas.ts';
import { bearer, createTestApp, type TestApp } from '../test-app.ts';
import { migrateFixtureArea } from './fixture-migration.ts';
import { fixtureNotesModule } from './notes.module.ts';

/**
 * Issue 28, section 3: an area adds a setting with its folder alone (its section in its manifest,
 * its column by its migration); /api/settings composes it with every other area's.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ areas: [...areas, fixtureNotesModule] });
  await migrateFixtureArea(t.database.db);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT', payload?: object) => t.app.inject({ method, url: '/api/settings', ...(payload ? { payload } : {}), headers: bearer(t.adminToken) });

describe("a fixture area's settings section", () => {
  it('is read with the others, after them, at its default', async () => {
    const read = await call('GET');
    expect(read.statusCode, read.body).toBe(200);
    const keys = Object.keys(read.json().settings);
    expect(keys.slice(0, -3)).toEqual(Object.keys(companySettingsSchema.shape));
    expect(keys.at(-3)).toBe('fixtureNoteLimit');
    expect(read.json().settings.fixtureNoteLimit).toBe(10);
    // The domain's own composition (the shipped app's) has no such setting.
    expect(companySettingsSchema.shape).not.toHaveProperty('fixtureNoteLimit');
  });

  it('is validated by its own schema and saved alone, the other settings unchanged', async () => {
    const before = (await call('GET')).json().settings;
    const refused = await call('PUT', { fixtureNoteLimit: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ fixtureNoteLimit: 'Note limit must be at least 1' });
    const saved = await call('PUT', { fixtureNoteLimit: 25 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({ ...before, fixtureNoteLimit: 25 });
    expect((await call('GET')).json().settings.fixtureNoteLimit).toBe(25);
  });
});
