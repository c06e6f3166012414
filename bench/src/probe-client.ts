/** One answer the probe saw: enough to print a finding. */
export interface ProbeAnswer {
  status: number;
  body: unknown;
}

export interface ServerError {
  phase: string;
  method: string;
  route: string;
  path: string;
  status: number;
  /** What was sent, cut short for printing. */
  sent: string;
}

export class BudgetSpent extends Error {
  constructor(reason: string) {
    super(`probe budget spent: ${reason}`);
  }
}

/**
 * HTTP to the server under probe (loopback only), counting every request against one budget
 * of requests and time, so that a probe can never run away; every 5xx is kept with what was
 * sent, whichever phase sent it.
 */
export class ProbeClient {
  requests = 0;
  readonly serverErrors: ServerError[] = [];
  private readonly deadline: number;

  constructor(
    readonly base: string,
    private readonly maxRequests: number,
    maxSeconds: number,
  ) {
    if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base)) throw new Error(`The probe runs on loopback only, not ${base}`);
    this.deadline = Date.now() + maxSeconds * 1000;
  }

  /** Whether the budget still allows `reserve` more requests. */
  hasRoom(reserve = 1): boolean {
    return this.requests + reserve <= this.maxRequests && Date.now() < this.deadline;
  }

  /**
   * One request. `body` is JSON-encoded unless it is already a string (raw text: invalid JSON
   * on purpose). `route` is the OpenAPI path the request stands for (5xx are reported by it).
   */
  async call(phase: string, token: string | undefined, method: string, path: string, options: { route?: string; body?: unknown } = {}): Promise<ProbeAnswer> {
    if (this.requests >= this.maxRequests) throw new BudgetSpent(`${this.maxRequests} requests`);
    if (Date.now() >= this.deadline) throw new BudgetSpent('time');
    this.requests += 1;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    let status: number;
    let body: unknown;
    try {
      const response = await fetch(`${this.base}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(120_000) });
      status = response.status;
      const text = await response.text();
      body = (response.headers.get('content-type') ?? '').includes('json') ? safeJson(text) : text.slice(0, 200);
    } catch (error) {
      // A dropped connection or a request that never ends is as bad as a 500.
      status = 599;
      body = String(error);
    }
    if (status >= 500) this.serverErrors.push({ phase, method, route: options.route ?? path, path, status, sent: (payload ?? '').slice(0, 300) });
    return { status, body };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

export async function signIn(client: ProbeClient, username: string, password: string): Promise<string> {
  const answer = await client.call('sign-in', undefined, 'POST', '/api/login', { body: { username, password } });
  const token = (answer.body as { token?: string }).token;
  if (answer.status !== 200 || !token) throw new Error(`${username} could not sign in: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return token;
}
