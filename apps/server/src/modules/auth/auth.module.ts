import type { ServerArea } from '../../lib/server-area.ts';
import { registerAuthRoutes } from './auth.routes.ts';

/** Sign-in, tokens, assumed roles and the public company profile. */
export const authModule: ServerArea = {
  name: 'auth',
  openApiTags: [{ name: 'Authentication', description: 'Sign in, tokens, assumed roles' }, { name: 'Health' }],
  routes: registerAuthRoutes,
};
