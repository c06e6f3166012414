import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OptionsCache } from './options-cache.ts';

async function appWith(cache: OptionsCache) {
  const app = Fastify();
  cache.register(app);
  app.post('/write', async () => ({ ok: true }));
  app.post('/refused', async (_request, reply) => reply.code(400).send({ status: 400 }));
  await app.ready();
  return app;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('options cache announcements', () => {
  it('tells the other processes once for the writes answered within one window', async () => {
    const cache = new OptionsCache(5_000, () => true, 20);
    let sent = 0;
    cache.announce = () => (sent += 1);
    const app = await appWith(cache);
    await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/write' })));
    expect(sent).toBe(0);
    await settle(60);
    expect(sent).toBe(1);
    await app.inject({ method: 'POST', url: '/write' });
    await settle(60);
    expect(sent).toBe(2);
    await app.close();
  });

  it('tells nothing for a refused write, which changed nothing', async () => {
    const cache = new OptionsCache(5_000, () => true, 20);
    let sent = 0;
    cache.announce = () => (sent += 1);
    const app = await appWith(cache);
    await app.inject({ method: 'POST', url: '/refused' });
    await settle(60);
    expect(sent).toBe(0);
    await app.close();
  });
});
