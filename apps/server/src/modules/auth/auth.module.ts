import type { ServerModule } from '../module.ts';
import { registerAuthRoutes } from './auth.routes.ts';

/** Sign-in, tokens, assumed roles and the public company profile. */
export const authModule: ServerModule = { name: 'auth', register: registerAuthRoutes };
