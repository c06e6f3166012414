import { logoKinds, type LogoKind, messages } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../lib/app-error.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { settingsDocs } from './settings.docs.ts';
import { readCompanySettings } from './settings.repository.ts';
import { removeLogo, saveLogo, updateSettings } from './settings.service.ts';

function logoKindOf(request: FastifyRequest): LogoKind {
  const kind = (request.params as { kind: string }).kind as LogoKind;
  if (!logoKinds.includes(kind)) throw new NotFoundError();
  return kind;
}

export function registerSettingsRoutes(app: FastifyInstance): void {
  const guard = { preHandler: [authenticate, requireRoute('/settings')] };

  app.get('/settings', { ...guard, schema: settingsDocs.read }, async () => ({ status: 200, message: messages.ok, settings: await readCompanySettings(app.ctx.db) }));

  app.put('/settings', { ...guard, schema: settingsDocs.update }, async (request) => ({ status: 200, message: messages.saved, settings: await updateSettings(request) }));

  app.put('/settings/logo/:kind', { ...guard, schema: settingsDocs.uploadLogo }, async (request) => ({
    status: 200,
    message: messages.logoSaved,
    settings: await saveLogo(request, logoKindOf(request)),
  }));

  app.delete('/settings/logo/:kind', { ...guard, schema: settingsDocs.removeLogo }, async (request) => ({
    status: 200,
    message: messages.logoRemoved,
    settings: await removeLogo(request, logoKindOf(request)),
  }));
}
