import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFbr, type FakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { checkRegistration, fbrGet, fbrPaths, postInvoice, validateInvoice, type FbrConnection } from './fbr-client.ts';

const token = 'tok-5e1f0c9a7b3d';
const seller = '1234567';

function invoice(items: Array<Record<string, unknown>> = [line(), line({ hsCode: '9018.9000' })]) {
  return { invoiceType: 'Sale Invoice', invoiceDate: '2025-05-13', sellerNTNCNIC: seller, buyerNTNCNIC: '7654321', items };
}
function line(overrides: Record<string, unknown> = {}) {
  return { hsCode: '3822.1900', productDescription: 'Reagent kit', rate: '18%', uoM: 'Numbers, pieces, units', quantity: 2, valueSalesExcludingST: 1000, salesTaxApplicable: 180, ...overrides };
}

/** Every outcome of the file, checked at the end for the token. */
const outcomes: unknown[] = [];
function kept<T>(outcome: T): T {
  outcomes.push(outcome);
  return outcome;
}

/** A port nothing listens on: taken from the system, then let go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the FBR client against the fake FBR', () => {
  let fake: FakeFbr;
  let sandbox: FbrConnection;

  beforeAll(async () => {
    fake = await startFakeFbr({ tokens: [token], registered: ['1234567'], hsUom: { '3004.9099': ['Numbers, pieces, units', 'KG'] } });
    sandbox = { baseUrl: fake.url, token, environment: 'sandbox', timeoutSeconds: 5 };
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('validates, then posts and reads FBR’s numbers, on the sandbox paths with the bearer token', async () => {
    expect(fbrPaths('sandbox')).toEqual({ validate: '/di_data/v1/di/validateinvoicedata_sb', post: '/di_data/v1/di/postinvoicedata_sb' });
    const validated = kept(await validateInvoice(sandbox, invoice()));
    expect(validated).toMatchObject({ kind: 'valid', httpStatus: 200, invoiceNumber: null, lineNumbers: [] });

    const posted = kept(await postInvoice(sandbox, invoice()));
    if (posted.kind !== 'valid') throw new Error(`expected valid, got ${posted.kind}`);
    expect(posted.invoiceNumber).toMatch(/^1234567DI\d{13}$/);
    expect(posted.lineNumbers).toEqual([`${posted.invoiceNumber}-1`, `${posted.invoiceNumber}-2`]);

    expect(fake.requests).toEqual([
      { endpoint: 'validate', environment: 'sandbox', authorization: `Bearer ${token}`, body: invoice() },
      { endpoint: 'post', environment: 'sandbox', authorization: `Bearer ${token}`, body: invoice(), invoiceNumber: posted.invoiceNumber },
    ]);
  });

  it('uses the production paths, without _sb, in production', async () => {
    expect(fbrPaths('production')).toEqual({ validate: '/di_data/v1/di/validateinvoicedata', post: '/di_data/v1/di/postinvoicedata' });
    const production: FbrConnection = { ...sandbox, environment: 'production' };
    expect(kept(await validateInvoice(production, invoice())).kind).toBe('valid');
    expect(kept(await postInvoice(production, invoice())).kind).toBe('valid');
    expect(fake.requests.map((request) => `${request.endpoint} ${request.environment}`)).toEqual(['validate production', 'post production']);
  });

  it('reads a line error as rejected with the line’s number, and issues no FBR number for it', async () => {
    const outcome = kept(await postInvoice(sandbox, invoice([line({ rate: '' }), line()])));
    expect(outcome).toMatchObject({ kind: 'rejected', httpStatus: 200, errors: [{ itemSNo: '1', errorCode: '0046', error: 'Provide rate.' }] });
    expect(fake.requests[0]!.invoiceNumber).toBeUndefined();

    fake.script('validate', [{ lineError: { itemSNo: '2', errorCode: '0052', error: 'Provide proper HS Code' } }]);
    expect(kept(await validateInvoice(sandbox, invoice()))).toMatchObject({ kind: 'rejected', errors: [{ itemSNo: '2', errorCode: '0052', error: 'Provide proper HS Code' }] });
  });

  it('reads a header error as rejected with no line number, header errors before the lines', async () => {
    fake.script('post', [{ headerError: { errorCode: '0052', error: 'Provide proper HS Code with invoice no. null' } }]);
    expect(kept(await postInvoice(sandbox, invoice()))).toEqual(
      expect.objectContaining({ kind: 'rejected', errors: [{ itemSNo: null, errorCode: '0052', error: 'Provide proper HS Code with invoice no. null' }] }),
    );
    expect(kept(await validateInvoice(sandbox, { ...invoice(), sellerNTNCNIC: '' }))).toMatchObject({ kind: 'rejected', errors: [{ itemSNo: null, errorCode: '0401' }] });

    const both = {
      dated: '2025-05-13 12:01:41',
      validationResponse: {
        statusCode: '01', status: 'Invalid', errorCode: '0009', error: 'Header fault',
        invoiceStatuses: [
          { itemSNo: '1', statusCode: '00', status: 'Valid', invoiceNo: null, errorCode: '', error: '' },
          { itemSNo: '2', statusCode: '01', status: 'Invalid', invoiceNo: null, errorCode: '0046', error: 'Provide rate.' },
        ],
      },
    };
    fake.script('validate', [{ status: 200, body: both }]);
    expect(kept(await validateInvoice(sandbox, invoice()))).toMatchObject({
      kind: 'rejected',
      errors: [{ itemSNo: null, errorCode: '0009', error: 'Header fault' }, { itemSNo: '2', errorCode: '0046', error: 'Provide rate.' }],
    });
  });

  it('says unauthorized on a 401, and keeps the token out of what it returns even when the answer echoes it', async () => {
    expect(kept(await postInvoice({ ...sandbox, token: 'not-the-token' }, invoice()))).toMatchObject({ kind: 'unauthorized', httpStatus: 401 });
    expect(fake.requests[0]!.invoiceNumber).toBeUndefined();

    fake.script('post', [{ status: 401, body: { error: `token ${token} expired` } }]);
    const echoed = kept(await postInvoice(sandbox, invoice()));
    expect(echoed).toMatchObject({ kind: 'unauthorized', response: { error: 'token [token] expired' } });
  });

  it('says serverError on a 503 and on any other status but 200 and 401', async () => {
    fake.script('post', [{ status: 503, body: { message: 'Service Unavailable' } }, { status: 500 }, { status: 404, body: 'Not Found' }]);
    expect(kept(await postInvoice(sandbox, invoice()))).toEqual({ kind: 'serverError', httpStatus: 503, response: { message: 'Service Unavailable' } });
    expect(kept(await postInvoice(sandbox, invoice()))).toEqual({ kind: 'serverError', httpStatus: 500, response: null });
    expect(kept(await postInvoice(sandbox, invoice()))).toEqual({ kind: 'serverError', httpStatus: 404, response: 'Not Found' });
  });

  it('gives up after timeoutSeconds when FBR never answers', async () => {
    fake.script('post', ['hang']);
    const started = performance.now();
    const outcome = kept(await postInvoice({ ...sandbox, timeoutSeconds: 1 }, invoice()));
    const elapsed = performance.now() - started;
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(elapsed).toBeGreaterThan(900);
    expect(elapsed).toBeLessThan(2000);
    // The request did reach the fake: why a timeout is not a refusal.
    expect(fake.requests.map((request) => request.endpoint)).toEqual(['post']);
  });

  it('says broken when the connection drops after the request was sent', async () => {
    fake.script('post', ['reset']);
    expect(kept(await postInvoice(sandbox, invoice()))).toMatchObject({ kind: 'broken', error: expect.any(String) });
    expect(fake.requests).toHaveLength(1);
  });

  it('says broken when the answer stops half-way, and timeout when it stalls half-way past timeoutSeconds', async () => {
    // A server that sends a 200's headers and the start of its body, then closes, or then stalls.
    let stall = false;
    const halfway = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      response.write('{"validationResponse":');
      if (!stall) setTimeout(() => response.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => halfway.listen(0, '127.0.0.1', resolve));
    const address = halfway.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    try {
      expect(kept(await postInvoice({ ...sandbox, baseUrl }, invoice()))).toMatchObject({ kind: 'broken' });
      stall = true;
      expect(kept(await postInvoice({ ...sandbox, baseUrl, timeoutSeconds: 1 }, invoice()))).toEqual({ kind: 'timeout' });
    } finally {
      halfway.closeAllConnections();
      await new Promise<void>((resolve) => halfway.close(() => resolve()));
    }
  });

  it('says refused, sending nothing, for a token no header can carry or an address that is none', async () => {
    expect(kept(await postInvoice({ ...sandbox, token: 'tok\nen-with-a-newline' }, invoice()))).toMatchObject({ kind: 'refused', error: expect.stringContaining('could not be built') });
    expect(kept(await postInvoice({ ...sandbox, baseUrl: 'not a url' }, invoice()))).toMatchObject({ kind: 'refused', error: expect.stringContaining('Invalid URL') });
    expect(fake.requests).toHaveLength(0);
  });

  it('says refused when nothing listens, as nothing reached FBR', async () => {
    const port = await freePort();
    const outcome = kept(await postInvoice({ ...sandbox, baseUrl: `http://127.0.0.1:${port}` }, invoice()));
    expect(outcome).toMatchObject({ kind: 'refused', error: expect.stringContaining('ECONNREFUSED') });
  });

  it('says broken on a 200 it cannot read: not JSON, or without a validationResponse', async () => {
    fake.script('post', [{ status: 200, body: '<html>Gateway maintenance</html>' }, { status: 200, body: { message: 'ok' } }, { status: 200 }]);
    expect(kept(await postInvoice(sandbox, invoice()))).toMatchObject({ kind: 'broken', error: expect.stringContaining('not JSON') });
    expect(kept(await postInvoice(sandbox, invoice()))).toMatchObject({ kind: 'broken', error: expect.stringContaining('validationResponse') });
    expect(kept(await postInvoice(sandbox, invoice()))).toMatchObject({ kind: 'broken' });
  });

  it('gets 50 distinct FBR numbers for 50 posts at once', async () => {
    const posted = await Promise.all(Array.from({ length: 50 }, () => postInvoice(sandbox, invoice())));
    outcomes.push(...posted);
    const numbers = posted.map((outcome) => (outcome.kind === 'valid' ? outcome.invoiceNumber : outcome.kind));
    expect(numbers.every((number) => /^1234567DI\d{13}$/.test(number ?? ''))).toBe(true);
    expect(new Set(numbers).size).toBe(50);
  });

  it('reads the reference lists and the registration check', async () => {
    const provinces = kept(await fbrGet(sandbox, '/pdi/v1/provinces'));
    expect(provinces).toMatchObject({ httpStatus: 200, body: expect.arrayContaining([{ stateProvinceCode: 7, stateProvinceDesc: 'PUNJAB' }]) });
    expect('body' in provinces && Array.isArray(provinces.body) ? provinces.body.length : 0).toBe(7);
    expect(kept(await fbrGet(sandbox, '/pdi/v2/HS_UOM?hs_code=3004.9099&annexure_id=3'))).toEqual({
      httpStatus: 200,
      body: [{ uoM_ID: 77, description: 'Numbers, pieces, units' }, { uoM_ID: 13, description: 'KG' }],
    });
    expect(kept(await fbrGet(sandbox, '/pdi/v2/SaleTypeToRate?date=13-May-2025&transTypeId=75&originationSupplier=7'))).toEqual({
      httpStatus: 200,
      body: [{ ratE_ID: 734, ratE_DESC: '18%', ratE_VALUE: 18 }],
    });
    expect(kept(await fbrGet(sandbox, '/pdi/v1/nothing'))).toMatchObject({ httpStatus: 404 });
    expect(kept(await fbrGet({ ...sandbox, token: 'wrong' }, '/pdi/v1/uom'))).toMatchObject({ httpStatus: 401 });

    expect(kept(await checkRegistration(sandbox, '1234567'))).toMatchObject({ kind: 'registered', registrationNo: '1234567' });
    expect(kept(await checkRegistration(sandbox, '3520212345671'))).toMatchObject({ kind: 'unregistered', registrationNo: '3520212345671' });
    expect(fake.requests.at(-1)).toMatchObject({ endpoint: 'Get_Reg_Type', body: { Registration_No: '3520212345671' } });
  });

  it('never returns the token in any outcome', () => {
    expect(outcomes.length).toBeGreaterThan(70);
    expect(JSON.stringify(outcomes)).not.toContain(token);
  });
});
