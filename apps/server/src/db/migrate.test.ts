import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from './client.ts';
import { migrate, migrationFiles, splitStatements } from './migrate.ts';
import { openTestDatabase } from '../test/test-app.ts';

let database: Database;
let webDist: string;
beforeAll(async () => {
  database = await openTestDatabase();
  webDist = await mkdtemp(join(tmpdir(), 'erp-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>ERP</title>');
});
afterAll(async () => {
  await database?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('migrations', () => {
  it('apply once, and again change nothing, even when two run at once', async () => {
    const [first, second] = await Promise.all([migrate(database.db), migrate(database.db)]);
    expect([...first.applied, ...second.applied].sort()).toEqual(await migrationFiles());
    expect((await migrate(database.db)).applied).toEqual([]);
  });

  it('split a file into statements', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\nCREATE INDEX b ON a (x);\n')).toEqual(['CREATE TABLE a (x int)', 'CREATE INDEX b ON a (x)']);
  });

  it('keep a dollar-quoted function body whole, semicolons and comments inside it included', () => {
    const body = 'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  -- why\n  RAISE EXCEPTION \'no\';\nEND;\n$$;';
    const tagged = 'CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;';
    expect(splitStatements(`CREATE TABLE a (x int);\n${body}\n${tagged}\nCREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW EXECUTE FUNCTION f();\n`)).toEqual([
      'CREATE TABLE a (x int)',
      body.slice(0, -1),
      tagged.slice(0, -1),
      'CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW EXECUTE FUNCTION f()',
    ]);
    expect(() => splitStatements('CREATE FUNCTION f() AS $$ BEGIN;\n')).toThrow(/not closed/);
  });
});

describe('web app', () => {
  it('serves index.html for browser routes, the root included, and JSON 404 for unknown API paths', async () => {
    const app = await buildApp({ db: database, webDist });
    for (const url of ['/regions/12', '/', '/?from=bookmark']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>ERP</title>');
    }
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.json()).toEqual({ status: 404, message: 'Not found' });
    await app.close();
  });

  it("serves the camera decoder's wasm from our origin as application/wasm, cached as a hashed asset (issue 32)", async () => {
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await writeFile(join(webDist, 'assets', 'zxing_reader-BxB2YfIY.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    const app = await buildApp({ db: database, webDist });
    const wasm = await app.inject({ method: 'GET', url: '/assets/zxing_reader-BxB2YfIY.wasm' });
    expect(wasm.statusCode).toBe(200);
    // WebAssembly.instantiateStreaming refuses any other type.
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(wasm.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
    // The page's policy lets it compile WebAssembly, and still no eval.
    const page = await app.inject({ method: 'GET', url: '/inventory?tab=count' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    await app.close();
  });
});
