import { Writable } from 'node:stream';
import { documentNumber, type FieldDeclaration, messages, resources } from '@erp/domain';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { accounts, users } from '../db/schema/index.ts';
import { createServerLogger } from '../lib/loggable-error.ts';
import { maxInputDepth } from './request-input.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(token) });

const nul = 'a\u0000b';
const tooBigInt = 2_147_483_648;
const tooBigAmount = '12345678901234567.00';

/** Values each kind of field must refuse, though they look like its kind. */
function badValuesOf(field: FieldDeclaration): unknown[] {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'phone':
    case 'email':
    case 'url':
      return [nul];
    case 'integer':
    case 'reference':
      return [tooBigInt, 99_999_999_999];
    case 'decimal':
      return [tooBigAmount];
    case 'date':
      return ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01'];
    default:
      return [];
  }
}

/** The declared resources this server serves (a module may declare one before it serves it). */
async function servedResources() {
  const served = [];
  for (const resource of resources) if ((await inject('GET', `/api/${resource.name}?pageSize=1`)).statusCode === 200) served.push(resource);
  return served;
}

describe('inputs that used to answer 500 (issue 6)', () => {
  it('refuses, on every declared resource, a NUL in text, a huge id or number, a date out of range and a huge amount, naming the field', async () => {
    let checked = 0;
    const served = await servedResources();
    expect(served.map((r) => r.name)).toEqual(expect.arrayContaining(['regions', 'cities', 'categories', 'sub-categories', 'couriers', 'users', 'account-heads', 'accounts']));
    for (const resource of served) {
      for (const field of resource.fields) {
        for (const value of badValuesOf(field)) {
          for (const [method, url] of [
            ['POST', `/api/${resource.name}`],
            ['PUT', `/api/${resource.name}/1`],
          ] as const) {
            const response = await inject(method, url, { [field.name]: value });
            expect(response.statusCode, `${method} ${url} ${field.name}=${JSON.stringify(value)}: ${response.body}`).toBe(400);
            expect(response.json().errors?.[field.name], `${method} ${url} ${field.name}=${JSON.stringify(value)}`).toBeTruthy();
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('refuses bad query strings on every declared resource: NUL in search, huge id filters and option ids, dates out of range', async () => {
    for (const resource of await servedResources()) {
      const base = `/api/${resource.name}`;
      const search = await inject('GET', `${base}?search=${encodeURIComponent(nul)}`);
      expect(search.statusCode, `${base} search`).toBe(400);
      expect(search.json().errors.search).toBeTruthy();
      expect((await inject('GET', `${base}?page=1e300`)).statusCode, `${base} page`).toBe(400);
      if (resource.hasOptions !== false) {
        expect((await inject('GET', `${base}/options?ids=9999999999`)).statusCode, `${base} options ids`).toBe(400);
        expect((await inject('GET', `${base}/options?search=${encodeURIComponent(nul)}`)).statusCode, `${base} options search`).toBe(400);
      }
      for (const field of resource.fields.filter((f) => f.filterable)) {
        const bad = field.kind === 'reference' || field.kind === 'integer' ? '9999999999' : field.kind === 'date' ? '0000-01-01' : encodeURIComponent(nul);
        const response = await inject('GET', `${base}?${field.name}=${bad}`);
        expect(response.statusCode, `${base}?${field.name}=${bad}`).toBe(400);
        expect(response.json().errors[field.name]).toBeTruthy();
      }
    }
  });

  it('refuses complete bodies that reached the database before', async () => {
    const region = await inject('POST', '/api/regions', { regionName: `North${nul}`, regionCode: 'NUL1' });
    expect(region.statusCode).toBe(400);
    // Refused as the body is read (plugins/request-input.ts), named by its key.
    expect(region.json().errors).toEqual({ regionName: messages.nulCharacter('regionName') });

    const [head] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM account_heads ORDER BY id LIMIT 1`);
    const account = (extra: Record<string, unknown>) =>
      inject('POST', '/api/accounts', { accountCode: `H${Math.random().toString(36).slice(2, 8)}`, accountName: 'Hardening', headId: head!.id, kind: 'other', active: true, ...extra });
    const huge = await account({ openingBalance: tooBigAmount });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ openingBalance: messages.amountTooLarge('Opening balance (Dr +, Cr -)') });
    const sixteen = await account({ openingBalance: '-9999999999999999.99' });
    expect(sixteen.statusCode, sixteen.body).toBe(201);
    const yearZero = await account({ openingDate: '0000-01-01' });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().errors).toEqual({ openingDate: messages.dateOutOfRange('Opening date') });

    const city = await inject('POST', '/api/cities', { cityName: 'Big', regionId: tooBigInt });
    expect(city.statusCode).toBe(400);
    expect(city.json().errors).toEqual({ regionId: messages.wholeNumberTooLarge('Region') });
  });

  it('refuses a NUL in the login and names the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: `ad${nul}min`, password: 'whatever1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toBeTruthy();
  });

  it('refuses query dates out of range on the ledger and the statements', async () => {
    const [cash] = await t.database.db.select({ id: accounts.id }).from(accounts).limit(1);
    for (const url of [
      `/api/ledger/${cash!.id}?from=0000-01-01&to=2026-01-01`,
      `/api/ledger/${cash!.id}?from=2026-01-01&to=3000-01-01`,
      '/api/accounting/trial-balance?from=0001-01-01&to=2026-01-01',
      '/api/journals?from=0000-01-01',
    ]) {
      const response = await inject('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
  });

  it('refuses journals dated before 1900 and lines whose total overflows; numbers always hold four digits of year', async () => {
    const ids = (await t.database.db.select({ id: accounts.id }).from(accounts).limit(2)).map((a) => a.id);
    const lines = [
      { accountId: ids[0], debit: '1.00', credit: '' },
      { accountId: ids[1], debit: '', credit: '1.00' },
    ];
    const early = await inject('POST', '/api/journals', { journalDate: '0001-01-01', narration: 'Early', lines, post: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.journalDate).toBe(messages.dateOutOfRange('Date'));

    const big = '9999999999999999.99';
    const overflowing = await inject('POST', '/api/journals', {
      journalDate: '2026-01-05',
      narration: 'Overflow',
      lines: [
        { accountId: ids[0], debit: big, credit: '' },
        { accountId: ids[0], debit: big, credit: '' },
        { accountId: ids[1], debit: '', credit: big },
        { accountId: ids[1], debit: '', credit: big },
      ],
      post: true,
    });
    expect(overflowing.statusCode, overflowing.body).toBe(400);
    expect(documentNumber('JV', 1, 1)).toBe('JV-0001-000001');
    expect(documentNumber('JV', 2026, 12)).toBe('JV-2026-000012');
  });
});

describe('inputs that answered 500 or 400 out of range (issue 17)', () => {
  it('refuses a JSON body nested thousands of levels deep with 400 on every JSON route, login included, and logs no error', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = await buildApp({ db: t.database, logger: pino({ level: 'info' }, sink) });
    const deepArray = `${'['.repeat(8000)}${']'.repeat(8000)}`;
    const deepObject = `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`;
    for (const [method, url] of [
      ['POST', '/api/login'],
      ['POST', '/api/customers'],
      ['PUT', '/api/customers/1'],
      ['POST', '/api/invoices'],
      ['PUT', '/api/settings'],
    ] as const) {
      for (const payload of [deepArray, deepObject]) {
        const response = await app.inject({ method, url, payload, headers: { ...bearer(t.adminToken), 'content-type': 'application/json' } });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
        expect(response.json().message).toBe(messages.nestedTooDeep(maxInputDepth));
      }
    }
    // Nesting a form needs (a document's lines, an allocation) is still read.
    const shallow = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody', password: 'x', extra: { a: [[{ b: 1 }]] } } });
    expect(shallow.statusCode).not.toBe(500);
    await app.close();
    expect(lines.join('')).not.toContain('"level":50');
  });

  it('answers 400 naming sort for an empty or unknown sort on every generic resource list and export', async () => {
    for (const resource of await servedResources()) {
      for (const url of [`/api/${resource.name}?sort=`, `/api/${resource.name}/export?sort=`, `/api/${resource.name}?sort=nope`]) {
        const response = await inject('GET', url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json().errors, url).toHaveProperty('sort');
      }
    }
  });
});

describe('an empty JSON body (issue 6)', () => {
  it('is an empty object, for verify-token and for actions', async () => {
    const verify = await t.app.inject({ method: 'POST', url: '/api/verify-token', headers: { ...bearer(t.adminToken), 'content-type': 'application/json' } });
    expect(verify.statusCode, verify.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual({ username: messages.usernameRequired, password: messages.passwordRequired });
  });

  it('still refuses JSON that is not valid, and prototype poisoning', async () => {
    const broken = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.json()).toEqual({ status: 400, message: messages.invalidBody });
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('Cache-Control on the API (issue 6)', () => {
  it('is no-store on answers, errors and exports', async () => {
    for (const [url, token] of [
      ['/api/health', undefined],
      ['/api/regions', t.adminToken],
      ['/api/regions/export?format=csv', t.adminToken],
      ['/api/regions', undefined],
      ['/api/nothing-here', undefined],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'wrong-one' } });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('TRUST_PROXY (issue 6)', () => {
  const limits = { maxFailuresPerUsername: 1000, maxFailuresPerIp: 5, windowMs: 60_000, knownMs: 60_000 };
  const attempt = (app: TestApp, forwardedFor: string, remoteAddress: string, username: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'wrong-password' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('with one hop, a client rotating X-Forwarded-For is still counted by its own address and reaches 429', async () => {
    const config = loadConfig({ TRUST_PROXY: '1' }, []);
    const proxied = await createTestApp({ trustProxy: config.trustProxy, loginLimits: limits });
    try {
      const codes: number[] = [];
      // The proxy appends the address it saw; what the client wrote comes before it.
      for (let i = 0; i < 8; i++) codes.push((await attempt(proxied, `198.51.100.${i}, 203.0.113.7`, '127.0.0.1', `someone${i}`)).statusCode);
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429, 429]);
      // Another client behind the same proxy is not blocked.
      expect((await attempt(proxied, '203.0.113.8', '127.0.0.1', 'someone')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('with proxy addresses, believes only hops added by those proxies', async () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }, []);
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    const proxied = await createTestApp({ trustProxy: config.trustProxy, loginLimits: limits });
    try {
      for (let i = 0; i < 5; i++) await attempt(proxied, `198.51.100.${i}, 203.0.113.9`, '10.0.0.1', 'x');
      expect((await attempt(proxied, '198.51.100.99, 203.0.113.9', '10.0.0.2', 'x')).statusCode).toBe(429);
      // Straight from an untrusted address, the header is ignored: the client is its socket address.
      for (let i = 0; i < 5; i++) await attempt(proxied, `198.51.100.${i}`, '192.0.2.50', 'x');
      expect((await attempt(proxied, '198.51.100.200', '192.0.2.50', 'x')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('parses the setting: off, hop counts, addresses; never "every hop"', () => {
    const of = (value: string | undefined) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, []).trustProxy;
    expect(of(undefined)).toBe(false);
    expect(of('0')).toBe(false);
    expect(of('false')).toBe(false);
    expect(of('1')).toBe(1);
    expect(of('true')).toBe(1);
    expect(of('2')).toBe(2);
    expect(of('10.0.0.0/8, 192.168.1.1')).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(() => of('everyone')).toThrow(/TRUST_PROXY/);
  });
});

describe('logs of failed queries (issue 6)', () => {
  const secretHash = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$secret-hash-value';
  const failingInsert = () =>
    // role is NOT NULL: the insert fails with the hash among its parameters.
    t.database.db.insert(users).values({ name: 'Leak Test', username: 'leak.test', passwordHash: secretHash, role: null as never });

  function capture() {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { sink, output: () => lines.join('') };
  }

  function expectNoValues(output: string) {
    expect(output).toContain('23502');
    expect(output).toContain('DrizzleQueryError');
    expect(output).not.toContain('secret-hash-value');
    expect(output).not.toContain('Leak Test');
    expect(output).not.toContain('leak.test');
  }

  it('hold no parameter values: a request whose insert fails logs no password hash, whatever the logger', async () => {
    const { sink, output } = capture();
    // A bare pino logger, without our serializers: the error handler itself leaves the values out.
    const app = await buildApp({ db: t.database, logger: pino({ level: 'info' }, sink) });
    app.post('/api/test-failing-insert', async () => {
      await failingInsert();
      return { status: 200 };
    });
    const response = await app.inject({ method: 'POST', url: '/api/test-failing-insert' });
    expect(response.statusCode).toBe(500);
    await app.close();
    expect(output()).toContain('request failed');
    expectNoValues(output());
  });

  it("hold no parameter values when any code logs a raw error through the server's logger", async () => {
    const { sink, output } = capture();
    const logger = createServerLogger('info', sink);
    const error = await failingInsert().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeDefined();
    logger.error({ err: error }, 'something failed');
    logger.flush();
    expectNoValues(output());
  });
});
