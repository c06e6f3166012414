// A fake FBR for the benches, in the bench's own process: validate and post answered valid after a
// latency, as PRAL's DI API shapes them (the tests' fake, apps/server/.../fake-fbr, checks payloads;
// this one only answers, so its own cost stays out of the figures).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call } from './accounting-measures.ts';

/** The server's SECRETS_KEY in the benches that store an FBR token. */
export const benchSecretsKey = 'bench-secrets-key-of-at-least-32-characters';

/** What a server needs before it reports: the company's NTN and province, and a sandbox token; reporting `enabled` or not. */
export async function prepareFbrReporting(base: string, token: string, enabled: boolean): Promise<void> {
  await call(base, token, 'PUT', '/api/settings', { companyName: 'Bench Supplies', address: 'Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
  await call(base, token, 'PUT', '/api/fbr/settings', { sandboxToken: 'bench-token', enabled });
}

const body = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as { sellerNTNCNIC: string; items: unknown[] };
};

/** FBR's valid answer after `latencyMs`, a new number per post; counts the posts by number. */
export async function startFakeFbr(latencyMs: number) {
  const posted = new Set<string>();
  let stamp = Date.now();
  let requests = 0;
  const server = createServer((request, reply) => {
    void body(request).then((payload) => {
      requests += 1;
      const post = request.url?.includes('postinvoicedata') === true;
      const number = post ? `${payload.sellerNTNCNIC}DI${(stamp += 1)}` : null;
      if (number) posted.add(number);
      setTimeout(() => {
        reply.setHeader('content-type', 'application/json');
        reply.end(JSON.stringify({
          ...(number ? { invoiceNumber: number } : {}),
          dated: '2026-12-03 10:00:00',
          validationResponse: { statusCode: '00', status: 'Valid', error: '', invoiceStatuses: payload.items.map((_, i) => ({ itemSNo: String(i + 1), statusCode: '00', status: 'Valid', invoiceNo: number ? `${number}-${i + 1}` : null, errorCode: '', error: '' })) },
        }));
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posted, requests: () => requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

