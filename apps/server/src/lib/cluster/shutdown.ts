import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop (SIGTERM): `/api/ready` answers 503 at once while every route still
 * serves; once `drained` (main.ts: SHUTDOWN_DRAIN_SECONDS, a load balancer's check interval
 * times its failure count, so it stops sending first) Fastify closes: no new connections, the requests
 * in flight finish, the job worker finishes its chunk and hands the job back (lease released,
 * another process takes it at once), then the listener closes. Without a drain (one process,
 * no balancer) the 503 lasts only while the requests in flight finish.
 */
export async function gracefulShutdown(app: FastifyInstance, drained: Promise<unknown> = Promise.resolve()): Promise<void> {
  app.ctx.lifecycle.closing = true;
  await drained;
  await app.close();
}
