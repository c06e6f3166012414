import type { AppServices } from './lib/app-services.ts';
import type { ServerAreasFold } from './lib/server-area.ts';

/** The services every module reaches through `app.ctx`, with the areas served. */
export interface AppContext extends AppServices {
  /** The areas served, folded once (modules/module.ts): their scopes, posting accounts, resources and documents. */
  areas: ServerAreasFold;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
