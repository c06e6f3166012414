// How long a user change made through one server process takes to be applied by another
// (issue 22: "a disabled user, a password change and a permission change take effect on every
// process within 200 ms"; "a setting changed through A is read through B within 200 ms"). Two real processes on their own ports over one PostgreSQL; B has
// the user cached before each change; the time runs from A's answer to the change (committed)
// to B's first answer that applies it, B being asked again as soon as it answers. The
// figure's resolution is one of B's answers (a few ms).

export interface Propagation {
  kind: string;
  changes: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summary(kind: string, samples: number[]): Propagation {
  const sorted = [...samples].sort((x, y) => x - y);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { kind, changes: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)!) };
}

async function request(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function ok(base: string, method: string, path: string, token: string, body?: unknown): Promise<void> {
  const response = await request(base, method, path, token, body);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** Asks B until `applied` says yes; answers the ms from `since`. Gives up after 10 s (the cache's TTL is 5 s). */
async function untilApplied(since: number, ask: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await ask()) return performance.now() - since;
    if (performance.now() - since > 10_000) throw new Error('a change was not applied within 10 s');
  }
}

async function loginToken(base: string, username: string, password: string): Promise<string> {
  const response = await request(base, 'POST', '/api/login', undefined, { username, password });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * `changes` of each kind through A (`a`), each timed until B (`b`) applies it: disabling the
 * user (B answers 401 to its token; enabling it again is timed too), resetting its password (B
 * refuses the token from before), changing its role (B refuses, then grants, the trial balance),
 * and the company's name (B's /api/company reads it).
 */
export async function measurePropagation(a: string, b: string, adminToken: string, changes = 50): Promise<Propagation[]> {
  const tag = Date.now().toString(36);
  let password = `Prop@${tag}A1`;
  const created = await request(a, 'POST', '/api/users', adminToken, { name: 'Propagation bench', username: `prop${tag}`, role: 'accountant', password });
  if (!created.ok) throw new Error(`user: ${created.status} ${await created.text()}`);
  const userId = ((await created.json()) as { data: { id: number } }).data.id;
  const username = `prop${tag}`;
  let token = await loginToken(a, username, password);
  const status = async (path: string, method = 'GET') => (await request(b, method, path, token)).status;
  const disabled: number[] = [];
  const roles: number[] = [];
  const passwords: number[] = [];
  const settings: number[] = [];

  for (let i = 0; i < changes; i++) {
    // Disabled, then enabled again: two changes, each timed.
    if ((await status('/api/verify-token', 'POST')) !== 200) throw new Error('B refuses the user before the change');
    await ok(a, 'PUT', `/api/users/${userId}`, adminToken, { active: false });
    let since = performance.now();
    disabled.push(await untilApplied(since, async () => (await status('/api/verify-token', 'POST')) === 401));
    await ok(a, 'PUT', `/api/users/${userId}`, adminToken, { active: true });
    since = performance.now();
    disabled.push(await untilApplied(since, async () => (await status('/api/verify-token', 'POST')) === 200));

    // A permission taken away and given back.
    if ((await status('/api/accounting/trial-balance')) !== 200) throw new Error('B refuses the trial balance before the change');
    await ok(a, 'PUT', `/api/users/${userId}`, adminToken, { role: 'salesExecutive' });
    since = performance.now();
    roles.push(await untilApplied(since, async () => (await status('/api/accounting/trial-balance')) === 403));
    await ok(a, 'PUT', `/api/users/${userId}`, adminToken, { role: 'accountant' });
    since = performance.now();
    roles.push(await untilApplied(since, async () => (await status('/api/accounting/trial-balance')) === 200));

    // A password reset ends the tokens from before it.
    password = `Prop@${tag}${i}B`;
    await ok(a, 'POST', `/api/users/${userId}/reset-password`, adminToken, { password });
    since = performance.now();
    passwords.push(await untilApplied(since, async () => (await status('/api/verify-token', 'POST')) === 401));
    token = await loginToken(a, username, password);

    // A company setting (section 3: "a setting changed through A is read through B within 200 ms").
    const companyName = `Propagation ${tag} ${i}`;
    await ok(a, 'PUT', '/api/settings', adminToken, { companyName });
    since = performance.now();
    settings.push(
      await untilApplied(since, async () => ((await (await request(b, 'GET', '/api/company')).json()) as { company: { companyName: string } }).company.companyName === companyName),
    );
  }
  return [summary('user disabled / enabled', disabled), summary('role changed (trial balance refused / allowed)', roles), summary('password reset (old token refused)', passwords), summary('company name changed (read on B)', settings)];
}
