import { setupResources } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { tableOfResource } from '../../lib/resource/resource-tables.ts';
import { registerAuditLogRoutes } from './audit-log.routes.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { registerUserRoutes } from './users.routes.ts';

export function registerSetupRoutes(app: FastifyInstance): void {
  for (const declaration of setupResources) registerResource(app, { declaration, table: tableOfResource(declaration.name) });
  registerUserRoutes(app);
  registerSettingsRoutes(app);
  registerAuditLogRoutes(app);
}
