/*
 * A fake of FBR's digital invoicing API on 127.0.0.1, for the tests and the demo: nothing real is
 * reachable from either. It answers in the shapes of the spec's §4 (written from the spec, not
 * recorded from FBR), checks a payload only lightly, and can be scripted to fail in each way the
 * client must tell apart.
 *
 * The default checks and their codes are the fake's own, not verified against FBR:
 * - no `sellerNTNCNIC`: header error 0401 "Provide seller registration number (NTN or CNIC)."
 * - no `items` (missing or empty): header error 0009 "Provide at least one invoice item."
 * - an item without `hsCode`: line error 0052 "Provide proper HS Code"
 * - an item without `rate`: line error 0046 "Provide rate." (an item lacking both fails on hsCode)
 * The header checks come first and stop there; otherwise every failing line is listed.
 * A body that is not a JSON object answers 400.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface FakeFbrOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** Accepted bearer tokens; absent: any non-empty token. */
  tokens?: string[];
  /** Delay before every answer. */
  latencyMs?: number;
  /** UOM descriptions per HS code for `/pdi/v2/HS_UOM`; a code not listed answers "Numbers, pieces, units". */
  hsUom?: Record<string, string[]>;
  /** Registration numbers `/dist/v1/Get_Reg_Type` answers as Registered; any other is unregistered. */
  registered?: string[];
  /** `/pdi/v1/provinces`' rows in place of the built-in seven (FBR's own spelling of a province, say). */
  provinces?: Array<{ stateProvinceCode: number; stateProvinceDesc: string }>;
}

/**
 * A scripted answer: a status with a body (a string body is sent as it is, anything else as
 * JSON), 'hang' (never answer), 'reset' (drop the connection once the request is read), 'valid'
 * (the valid answer whatever the payload) or a line or header error in FBR's shape.
 */
export type FakeAnswer =
  | { status: number; body?: unknown }
  | 'hang'
  | 'reset'
  | 'valid'
  | { lineError: { itemSNo: string; errorCode: string; error: string } }
  | { headerError: { errorCode: string; error: string } };

type Endpoint = 'validate' | 'post';

export interface FakeRequest {
  endpoint: string;
  environment?: string;
  authorization?: string;
  body: unknown;
  invoiceNumber?: string;
  /** A reference GET's query string (`hs_code=...&annexure_id=3`), without the '?'. */
  query?: string;
}

export interface FakeFbr {
  /** http://127.0.0.1:<port> */
  url: string;
  /**
   * Answers to give next, in order, per endpoint (either environment), before the default
   * behaviour. A scripted answer replaces the default entirely, the token check included.
   */
  script(endpoint: Endpoint, answers: FakeAnswer[]): void;
  /**
   * Every request received, in order of arrival: validate and post, and the reference endpoints
   * under their path's last part ('provinces', 'HS_UOM', 'Get_Reg_Type'...), 'unknown' for a 404.
   * `environment` is set for validate and post; `invoiceNumber` for a post answered valid.
   */
  requests: FakeRequest[];
  /** Forgets the scripts and the requests (the numbers issued keep counting). */
  reset(): void;
  close(): Promise<void>;
}

// In the module, not per fake: two fakes in one test run still never issue the same number.
let lastNumberStamp = 0;
function nextNumberStamp(): number {
  lastNumberStamp = Math.max(Date.now(), lastNumberStamp + 1);
  return lastNumberStamp;
}

// PUNJAB 7 and SINDH 8 are from the brief; the other codes are the fake's own.
const provinces = [
  { stateProvinceCode: 2, stateProvinceDesc: 'BALOCHISTAN' },
  { stateProvinceCode: 4, stateProvinceDesc: 'AZAD JAMMU AND KASHMIR' },
  { stateProvinceCode: 5, stateProvinceDesc: 'CAPITAL TERRITORY' },
  { stateProvinceCode: 6, stateProvinceDesc: 'KHYBER PAKHTUNKHWA' },
  { stateProvinceCode: 7, stateProvinceDesc: 'PUNJAB' },
  { stateProvinceCode: 8, stateProvinceDesc: 'SINDH' },
  { stateProvinceCode: 9, stateProvinceDesc: 'GILGIT BALTISTAN' },
];
const docTypes = [
  { docTypeId: 4, docDescription: 'Sale Invoice' },
  { docTypeId: 9, docDescription: 'Debit Note' },
];
const transactionTypes = [
  { transactioN_TYPE_ID: 75, transactioN_DESC: 'Goods at standard rate (default)' },
  { transactioN_TYPE_ID: 24, transactioN_DESC: 'Goods at Reduced Rate' },
  { transactioN_TYPE_ID: 80, transactioN_DESC: 'Goods at zero-rate' },
  { transactioN_TYPE_ID: 81, transactioN_DESC: 'Exempt goods' },
  { transactioN_TYPE_ID: 23, transactioN_DESC: '3rd Schedule Goods' },
  { transactioN_TYPE_ID: 138, transactioN_DESC: 'Non-Adjustable Supplies' },
];
const uoms = [
  { uoM_ID: 77, description: 'Numbers, pieces, units' },
  { uoM_ID: 13, description: 'KG' },
  { uoM_ID: 50, description: 'Litre' },
];
// Only 734 (18%) comes from the brief; the other rate ids are made up, present so every row has FBR's fields.
const ratesByTransactionType: Record<number, Array<{ ratE_ID: number; ratE_DESC: string; ratE_VALUE: number }>> = {
  75: [{ ratE_ID: 734, ratE_DESC: '18%', ratE_VALUE: 18 }],
  24: [{ ratE_ID: 280, ratE_DESC: '5%', ratE_VALUE: 5 }],
  80: [{ ratE_ID: 139, ratE_DESC: '0%', ratE_VALUE: 0 }],
  81: [{ ratE_ID: 140, ratE_DESC: 'Exempt', ratE_VALUE: 0 }],
  23: [{ ratE_ID: 413, ratE_DESC: '18%', ratE_VALUE: 18 }],
};

const referencePaths: Record<string, string> = {
  '/pdi/v1/provinces': 'provinces',
  '/pdi/v1/doctypecode': 'doctypecode',
  '/pdi/v1/transtypecode': 'transtypecode',
  '/pdi/v1/uom': 'uom',
  '/pdi/v2/HS_UOM': 'HS_UOM',
  '/pdi/v2/SaleTypeToRate': 'SaleTypeToRate',
};

export async function startFakeFbr(options: FakeFbrOptions = {}): Promise<FakeFbr> {
  const scripts: Record<Endpoint, FakeAnswer[]> = { validate: [], post: [] };
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const latencyMs = options.latencyMs ?? 0;

  const later = (action: () => void) => {
    if (latencyMs <= 0) return action();
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, latencyMs);
    timers.add(timer);
  };

  const tokenAccepted = (authorization: string | undefined) => {
    const token = /^Bearer\s+(\S.*)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
    return token !== '' && (options.tokens === undefined || options.tokens.includes(token));
  };

  const handle = (request: IncomingMessage, response: ServerResponse, text: string) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const authorization = request.headers.authorization;
    const body = text === '' ? undefined : parseJson(text);
    const send = (status: number, payload?: unknown) => later(() => respond(response, status, payload));

    const submission = /^\/di_data\/v1\/di\/(validateinvoicedata|postinvoicedata)(_sb)?$/.exec(url.pathname);
    if (submission && request.method === 'POST') {
      const endpoint: Endpoint = submission[1] === 'postinvoicedata' ? 'post' : 'validate';
      const entry: FakeRequest = { endpoint, environment: submission[2] ? 'sandbox' : 'production', authorization, body };
      requests.push(entry);
      const scripted = scripts[endpoint].shift();
      if (scripted === 'hang') return;
      if (scripted === 'reset') {
        // A TCP reset, not a clean close: what a dropped line or a crashed gateway looks like.
        return later(() => {
          if (!request.socket.destroyed) request.socket.resetAndDestroy();
        });
      }
      if (scripted !== undefined && typeof scripted === 'object' && 'status' in scripted) return send(scripted.status, scripted.body);
      if (scripted === undefined && !tokenAccepted(authorization)) return send(401, { error: 'Unauthorized: missing or invalid bearer token' });
      if (scripted === undefined && !isRecord(body)) return send(400, { error: 'The request body is not a JSON object' });
      const payload = isRecord(body) ? body : {};
      const verdict: Verdict =
        scripted === undefined ? check(payload)
        : scripted === 'valid' ? null
        : 'lineError' in scripted ? { lines: [scripted.lineError] }
        : { header: scripted.headerError };
      if (verdict === null) {
        const invoiceNumber = endpoint === 'post' ? `${String(payload.sellerNTNCNIC ?? '')}DI${nextNumberStamp()}` : undefined;
        if (invoiceNumber) entry.invoiceNumber = invoiceNumber;
        return send(200, validAnswer(itemCount(payload), invoiceNumber));
      }
      return send(200, 'lines' in verdict ? lineErrorAnswer(itemCount(payload), verdict.lines) : headerErrorAnswer(verdict.header));
    }

    const reference = referencePaths[url.pathname];
    if (reference && request.method === 'GET') {
      requests.push({ endpoint: reference, authorization, body, query: url.search.replace(/^\?/, '') });
      if (!tokenAccepted(authorization)) return send(401, { error: 'Unauthorized: missing or invalid bearer token' });
      return send(...referenceAnswer(reference, url.searchParams, options.hsUom ?? {}, options.provinces ?? provinces));
    }

    if (url.pathname === '/dist/v1/Get_Reg_Type' && request.method === 'POST') {
      requests.push({ endpoint: 'Get_Reg_Type', authorization, body });
      if (!tokenAccepted(authorization)) return send(401, { error: 'Unauthorized: missing or invalid bearer token' });
      const registrationNo = isRecord(body) && body.Registration_No != null ? String(body.Registration_No).trim() : '';
      if (registrationNo === '') return send(400, { error: 'Provide Registration_No' });
      const registered = (options.registered ?? []).includes(registrationNo);
      return send(200, { statuscode: '00', REGISTRATION_NO: registrationNo, REGISTRATION_TYPE: registered ? 'Registered' : 'unregistered' });
    }

    requests.push({ endpoint: 'unknown', authorization, body });
    send(404, { error: `No route ${request.method ?? ''} ${url.pathname}` });
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The fake FBR has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    script(endpoint, answers) {
      scripts[endpoint].push(...answers);
    },
    requests,
    reset() {
      scripts.validate.length = 0;
      scripts.post.length = 0;
      requests.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hung answers and keep-alive connections would hold close() open forever.
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

interface LineFault {
  itemSNo: string;
  errorCode: string;
  error: string;
}
/** What the fake makes of a submission: valid (null), a header error, or failing lines. */
type Verdict = null | { header: { errorCode: string; error: string } } | { lines: LineFault[] };

function check(payload: Record<string, unknown>): Verdict {
  if (isBlank(payload.sellerNTNCNIC)) return { header: { errorCode: '0401', error: 'Provide seller registration number (NTN or CNIC).' } };
  const items = Array.isArray(payload.items) ? payload.items : [];
  if (items.length === 0) return { header: { errorCode: '0009', error: 'Provide at least one invoice item.' } };
  const lines = items.flatMap((item: unknown, index): LineFault[] => {
    const line = isRecord(item) ? item : {};
    const itemSNo = String(index + 1);
    if (isBlank(line.hsCode)) return [{ itemSNo, errorCode: '0052', error: 'Provide proper HS Code' }];
    if (isBlank(line.rate)) return [{ itemSNo, errorCode: '0046', error: 'Provide rate.' }];
    return [];
  });
  return lines.length === 0 ? null : { lines };
}

function itemCount(payload: Record<string, unknown>): number {
  return Array.isArray(payload.items) ? payload.items.length : 0;
}

function validAnswer(items: number, invoiceNumber: string | undefined) {
  const invoiceStatuses = Array.from({ length: items }, (_, index) => ({
    itemSNo: String(index + 1),
    statusCode: '00',
    status: 'Valid',
    invoiceNo: invoiceNumber ? `${invoiceNumber}-${index + 1}` : null,
    errorCode: '',
    error: '',
  }));
  return {
    ...(invoiceNumber ? { invoiceNumber } : {}),
    dated: fbrDateTime(new Date()),
    validationResponse: { statusCode: '00', status: 'Valid', error: '', invoiceStatuses },
  };
}

/** Every line of the payload is listed, as FBR does; the failing ones carry their error. */
function lineErrorAnswer(items: number, faults: LineFault[]) {
  const count = Math.max(items, ...faults.map((fault) => Number(fault.itemSNo) || 0));
  const listed = Array.from({ length: count }, (_, index) => String(index + 1));
  for (const fault of faults) if (!listed.includes(fault.itemSNo)) listed.push(fault.itemSNo);
  const invoiceStatuses = listed.map((itemSNo) => {
    const fault = faults.find((candidate) => candidate.itemSNo === itemSNo);
    return fault
      ? { itemSNo, statusCode: '01', status: 'Invalid', invoiceNo: null, errorCode: fault.errorCode, error: fault.error }
      : { itemSNo, statusCode: '00', status: 'Valid', invoiceNo: null, errorCode: '', error: '' };
  });
  return { dated: fbrDateTime(new Date()), validationResponse: { statusCode: '01', status: 'Invalid', error: '', invoiceStatuses } };
}

function headerErrorAnswer(header: { errorCode: string; error: string }) {
  return {
    dated: fbrDateTime(new Date()),
    validationResponse: { statusCode: '01', status: 'Invalid', errorCode: header.errorCode, error: header.error, invoiceStatuses: null },
  };
}

function referenceAnswer(reference: string, query: URLSearchParams, hsUom: Record<string, string[]>, provinceRows: unknown[]): [number, unknown] {
  switch (reference) {
    case 'provinces':
      return [200, provinceRows];
    case 'doctypecode':
      return [200, docTypes];
    case 'transtypecode':
      return [200, transactionTypes];
    case 'uom':
      return [200, uoms];
    case 'HS_UOM': {
      const hsCode = query.get('hs_code')?.trim() ?? '';
      if (hsCode === '') return [400, { error: 'Provide hs_code' }];
      const descriptions = hsUom[hsCode] ?? ['Numbers, pieces, units'];
      return [200, descriptions.map((description) => ({ uoM_ID: uomIdOf(description), description }))];
    }
    default: {
      const transTypeId = Number(query.get('transTypeId'));
      if (!Number.isInteger(transTypeId) || !query.get('transTypeId')) return [400, { error: 'Provide transTypeId' }];
      return [200, ratesByTransactionType[transTypeId] ?? []];
    }
  }
}

// A description the fixed list lacks (from the hsUom option) gets a stable id of the fake's own.
const extraUomIds = new Map<string, number>();
function uomIdOf(description: string): number {
  const known = uoms.find((uom) => uom.description === description);
  if (known) return known.uoM_ID;
  if (!extraUomIds.has(description)) extraUomIds.set(description, 1000 + extraUomIds.size);
  return extraUomIds.get(description)!;
}

function respond(response: ServerResponse, status: number, payload: unknown) {
  if (response.destroyed) return;
  if (payload === undefined) {
    response.writeHead(status, { 'content-length': '0' }).end();
    return;
  }
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const type = typeof payload === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
}

/** The spec's "2025-05-13 12:01:41", in the machine's local time. */
function fbrDateTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isBlank(value: unknown): boolean {
  return value == null || String(value).trim() === '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
