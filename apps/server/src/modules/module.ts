import type { FastifyInstance } from 'fastify';

/**
 * One business area's manifest: its resources, documents and routes. app.ts registers every
 * manifest of modules/index.ts, so adding an area edits no hub file but that list.
 */
export interface ServerModule {
  /** 'auth', 'setup', 'accounting', 'inventory'. */
  name: string;
  register(app: FastifyInstance): void;
}
