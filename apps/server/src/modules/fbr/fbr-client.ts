/*
 * The HTTP client of FBR's digital invoicing API (PRAL DI API v1.12). It sends one request and
 * says what came of it; whether to retry, resend or ask the user is the sender's decision. What
 * matters most is telling apart the failures after which FBR may hold the invoice (timeout,
 * broken) from those after which it cannot (refused): resending after the former risks a second
 * FBR number for one invoice.
 */

export type FbrEnvironment = 'sandbox' | 'production';

export interface FbrConnection {
  baseUrl: string;
  token: string;
  environment: FbrEnvironment;
  timeoutSeconds: number;
}

export interface FbrError {
  itemSNo: string | null;
  errorCode: string;
  error: string;
}

/** What one call came to, as the sender decides on it. */
export type FbrOutcome =
  | { kind: 'valid'; httpStatus: 200; response: unknown; invoiceNumber: string | null; lineNumbers: string[] }
  | { kind: 'rejected'; httpStatus: 200; response: unknown; errors: FbrError[] }
  | { kind: 'unauthorized'; httpStatus: 401; response: unknown }
  /*
   * Every status but 200 and 401, 4xx included: FBR reports an invoice's faults in a 200, so any
   * other status is no verdict on the invoice. A 400, 403, 404 or 429 is as much "FBR did not
   * judge it" as a 503, and the sender treats them alike (hold the invoice, alert, retry later);
   * httpStatus is kept for the one that needs to tell them apart. Only 401 is singled out: it
   * will not pass on retry until someone replaces the token. Redirects are not followed, so a
   * 3xx lands here too rather than being re-sent elsewhere with the token.
   */
  | { kind: 'serverError'; httpStatus: number; response: unknown }
  | { kind: 'timeout' }
  | { kind: 'refused'; error: string }
  | { kind: 'broken'; error: string };

/** The outcomes in which no HTTP answer was read. */
export type FbrTransportFailure = Extract<FbrOutcome, { kind: 'timeout' | 'refused' | 'broken' }>;

export function fbrPaths(environment: FbrEnvironment): { validate: string; post: string } {
  const suffix = environment === 'sandbox' ? '_sb' : '';
  return { validate: `/di_data/v1/di/validateinvoicedata${suffix}`, post: `/di_data/v1/di/postinvoicedata${suffix}` };
}

export async function validateInvoice(connection: FbrConnection, payload: unknown): Promise<FbrOutcome> {
  return scrub(connection, await submit(connection, fbrPaths(connection.environment).validate, payload));
}

export async function postInvoice(connection: FbrConnection, payload: unknown): Promise<FbrOutcome> {
  return scrub(connection, await submit(connection, fbrPaths(connection.environment).post, payload));
}

/**
 * A reference-data GET (`/pdi/v1/provinces`, `/pdi/v2/SaleTypeToRate?...`). Any HTTP answer comes
 * back as it is, its body parsed when it is JSON (else its text, null when empty); only a 200
 * that is not JSON counts as broken, since every reference list is JSON.
 */
export async function fbrGet(connection: FbrConnection, pathAndQuery: string): Promise<{ httpStatus: number; body: unknown } | FbrTransportFailure> {
  const answer = await exchange(connection, 'GET', pathAndQuery, undefined);
  if ('kind' in answer) return scrub(connection, answer);
  if (answer.httpStatus === 200 && answer.json === notJson) return scrub(connection, malformed(scrubText(connection, answer.text)));
  return scrub(connection, { httpStatus: answer.httpStatus, body: bodyOf(answer) });
}

/**
 * What FBR holds of a registration number (NTN or CNIC), read from `REGISTRATION_TYPE` alone:
 * "Registered" or "unregistered" in any case. `statuscode` is not relied on, as the spec shows
 * only the "00" answer. A 200 that names neither type is `broken` (FBR's answer could not be read).
 */
export type FbrRegistration =
  | { kind: 'registered'; registrationNo: string; response: unknown }
  | { kind: 'unregistered'; registrationNo: string; response: unknown }
  | { kind: 'unauthorized'; httpStatus: 401; response: unknown }
  | { kind: 'serverError'; httpStatus: number; response: unknown }
  | FbrTransportFailure;

export async function checkRegistration(connection: FbrConnection, registrationNo: string): Promise<FbrRegistration> {
  return scrub(connection, await registration(connection, registrationNo));
}

async function registration(connection: FbrConnection, registrationNo: string): Promise<FbrRegistration> {
  const answer = await exchange(connection, 'POST', '/dist/v1/Get_Reg_Type', { Registration_No: registrationNo });
  if ('kind' in answer) return answer;
  const nonOk = notOk(answer);
  if (nonOk) return nonOk;
  if (answer.json === notJson) return malformed(scrubText(connection, answer.text));
  const response = answer.json;
  const type = isRecord(response) && typeof response.REGISTRATION_TYPE === 'string' ? response.REGISTRATION_TYPE.trim().toLowerCase() : '';
  const answeredNo = isRecord(response) && response.REGISTRATION_NO != null ? String(response.REGISTRATION_NO) : registrationNo;
  if (type === 'registered') return { kind: 'registered', registrationNo: answeredNo, response };
  if (type === 'unregistered') return { kind: 'unregistered', registrationNo: answeredNo, response };
  return { kind: 'broken', error: 'FBR answered 200 without a REGISTRATION_TYPE of Registered or unregistered' };
}

async function submit(connection: FbrConnection, path: string, payload: unknown): Promise<FbrOutcome> {
  const answer = await exchange(connection, 'POST', path, payload);
  if ('kind' in answer) return answer;
  const nonOk = notOk(answer);
  if (nonOk) return nonOk;
  if (answer.json === notJson) return malformed(scrubText(connection, answer.text));
  return verdict(answer.json);
}

function notOk(answer: RawAnswer): Extract<FbrOutcome, { kind: 'unauthorized' | 'serverError' }> | null {
  if (answer.httpStatus === 200) return null;
  const response = bodyOf(answer);
  return answer.httpStatus === 401 ? { kind: 'unauthorized', httpStatus: 401, response } : { kind: 'serverError', httpStatus: answer.httpStatus, response };
}

/**
 * A 200's verdict. Rejected on a statusCode "01" or any failing line; valid only on a statusCode
 * "00" with none. Any other statusCode with no failing line is not a verdict this client knows, so
 * it is `broken` rather than guessed at: the sender must find out what FBR did before acting. A valid post without `invoiceNumber` still
 * says valid (with null): it is the sender's to decide what a post without a number means.
 */
function verdict(response: unknown): FbrOutcome {
  const validation = isRecord(response) ? response.validationResponse : undefined;
  if (!isRecord(validation)) return { kind: 'broken', error: 'FBR answered 200 without a validationResponse' };
  const statusCode = codeOf(validation.statusCode);
  const lines = Array.isArray(validation.invoiceStatuses) ? validation.invoiceStatuses.filter(isRecord) : [];
  const failingLines = lines.filter((line) => codeOf(line.statusCode) === '01');
  if (statusCode === '00' && failingLines.length === 0) {
    const invoiceNumber = isRecord(response) && typeof response.invoiceNumber === 'string' && response.invoiceNumber !== '' ? response.invoiceNumber : null;
    const lineNumbers = lines.map((line) => line.invoiceNo).filter((number): number is string => typeof number === 'string' && number !== '');
    return { kind: 'valid', httpStatus: 200, response, invoiceNumber, lineNumbers };
  }
  if (statusCode !== '01' && failingLines.length === 0) return { kind: 'broken', error: `FBR answered 200 with an unknown statusCode ${JSON.stringify(statusCode)}` };
  const errors: FbrError[] = [];
  const headerCode = textOf(validation.errorCode);
  const headerError = textOf(validation.error);
  // A rejection always names at least one error, even when FBR leaves the header's text empty.
  if (headerCode !== '' || headerError !== '' || failingLines.length === 0) errors.push({ itemSNo: null, errorCode: headerCode, error: headerError });
  failingLines.forEach((line) => {
    errors.push({ itemSNo: line.itemSNo == null ? String(lines.indexOf(line) + 1) : String(line.itemSNo), errorCode: textOf(line.errorCode), error: textOf(line.error) });
  });
  return { kind: 'rejected', httpStatus: 200, response, errors };
}

const notJson = Symbol('not JSON');
interface RawAnswer {
  httpStatus: number;
  text: string;
  json: unknown;
}

async function exchange(connection: FbrConnection, method: 'GET' | 'POST', pathAndQuery: string, body: unknown): Promise<RawAnswer | FbrTransportFailure> {
  const url = connection.baseUrl.replace(/\/+$/, '') + (pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`);
  let headers: Headers;
  let text: string | undefined;
  try {
    headers = new Headers({ authorization: `Bearer ${connection.token}`, accept: 'application/json' });
    if (body !== undefined) headers.set('content-type', 'application/json');
    text = body === undefined ? undefined : JSON.stringify(body);
  } catch (error) {
    // A token no header can carry, or a payload JSON cannot write: failed before any connection.
    return { kind: 'refused', error: `The request could not be built: ${describe(error)}` };
  }
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: text,
      redirect: 'manual',
      // The signal bounds reading the body too, so a server that stalls mid-answer is a timeout.
      signal: AbortSignal.timeout(connection.timeoutSeconds * 1000),
    });
    const answer = await response.text();
    return { httpStatus: response.status, text: answer, json: parseJson(answer) };
  } catch (error) {
    return transportFailure(error);
  }
}

/*
 * Connection failures before any byte of the request left: retrying cannot double anything. Beyond
 * the brief's ECONNREFUSED/ENOTFOUND/EAI_AGAIN, unreachable hosts, undici's connect timeout and a
 * URL fetch refuses outright (unparsable, or a port fetch blocks) are as certain. A TLS failure is
 * left to `broken`: it too comes before the request, but the sender's check costs little there.
 */
const neverConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL']);

function transportFailure(error: unknown): FbrTransportFailure {
  const name = isRecord(error) ? error.name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
  const description = describe(error);
  return neverReached(isRecord(error) ? error.cause : undefined) ? { kind: 'refused', error: description } : { kind: 'broken', error: description };
}

function neverReached(cause: unknown): boolean {
  if (!isRecord(cause)) return false;
  if (typeof cause.code === 'string') return neverConnected.has(cause.code);
  if (cause.message === 'bad port') return true;
  // Node tried several addresses (an AggregateError): never connected only if none took.
  const parts = Array.isArray(cause.errors) ? cause.errors : [];
  return parts.length > 0 && parts.every((part: unknown) => isRecord(part) && typeof part.code === 'string' && neverConnected.has(part.code));
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = isRecord(cause) && typeof cause.code === 'string' ? `${cause.code}: ` : '';
    return `${error.message} (${code}${cause.message})`;
  }
  return error.message;
}

function malformed(text: string): FbrTransportFailure {
  const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return { kind: 'broken', error: `FBR answered 200 with a body that is not JSON: ${JSON.stringify(excerpt)}` };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return notJson;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return notJson;
  }
}

/** A non-JSON body as its text, null when empty. */
function bodyOf(answer: RawAnswer): unknown {
  if (answer.json !== notJson) return answer.json;
  return answer.text === '' ? null : answer.text;
}

/*
 * Outcomes are stored and logged by the sender; an answer that echoes the token (a gateway's error
 * page quoting the request) must not carry it there. Applied to the finished outcome, after it is
 * read, so the reading never sees a mangled answer. A token shorter than 8 characters is left
 * alone: replacing it would mangle ordinary words, and such a token is no secret anyway.
 */
function scrub<T>(connection: FbrConnection, value: T): T {
  if (connection.token.length < 8) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubText(connection, item);
    if (Array.isArray(item)) return item.map(walk);
    if (isRecord(item)) return Object.fromEntries(Object.entries(item).map(([key, inner]) => [scrubText(connection, key), walk(inner)]));
    return item;
  };
  return walk(value) as T;
}

function scrubText(connection: FbrConnection, text: string): string {
  return text.split(connection.token).join('[token]');
}

function codeOf(value: unknown): string {
  return value == null ? '' : String(value).trim();
}

function textOf(value: unknown): string {
  return value == null ? '' : String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
