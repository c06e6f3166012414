import type { FastifyInstance } from 'fastify';
import { registerAuditLogRoutes } from './audit-log.routes.ts';
import { registerSettingsRoutes } from './settings.routes.ts';

/** Setup's own routes; its resources (master data, users) are served from its manifest. */
export function registerSetupRoutes(app: FastifyInstance): void {
  registerSettingsRoutes(app);
  registerAuditLogRoutes(app);
}
