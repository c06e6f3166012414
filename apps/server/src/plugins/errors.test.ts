import { messages } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { openMigratedTestDatabase } from '../test/test-app.ts';

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(async () => database?.close());

describe('error handling', () => {
  it('hides the internals of an unexpected failure', async () => {
    const app = await buildApp({ db: database });
    app.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@host');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: messages.internalServerError });
    await app.close();
  });

  it('answers the envelope for a body that is not JSON, and for a body over 2 MB', async () => {
    const app = await buildApp({ db: database });
    const broken = await app.inject({ method: 'POST', url: '/api/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(400);
    const huge = await app.inject({ method: 'POST', url: '/api/login', payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().status).toBe(413);
    await app.close();
  });
});
