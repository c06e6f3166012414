import { messages } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { readLogoUpload } from './logo-file.ts';
import { logoParams, settingsDocsOf } from './settings.docs.ts';
import { readCompanySettings } from './settings.repository.ts';
import { removeLogo, saveLogo, updateSettings } from './settings.service.ts';

const logoKindOf = (request: FastifyRequest) => validated(logoParams, request.params).kind;

export function registerSettingsRoutes(app: FastifyInstance): void {
  const guard = { onRequest: [authenticate, requireRoute('/settings')] };
  // The sections of the areas this app serves: a fixture area's setting is read and saved like any.
  const settingsDocs = settingsDocsOf(app.ctx.areas.settings);

  app.get('/settings', { ...guard, schema: settingsDocs.read }, async () => ({ status: 200, message: messages.ok, settings: await readCompanySettings(app.ctx.db, app.ctx.areas.settings) }));

  app.put('/settings', { ...guard, schema: settingsDocs.update }, async (request) => {
    const { rectangleLogo: _rectangle, squareLogo: _square, ...input } = validated(settingsDocs.updateBody, request.body);
    return { status: 200, message: messages.saved, settings: await updateSettings(app.ctx, actorOf(request), input) };
  });

  app.put('/settings/logo/:kind', { ...guard, schema: settingsDocs.uploadLogo }, async (request) => ({
    status: 200,
    message: messages.logoSaved,
    settings: await saveLogo(app.ctx, actorOf(request), logoKindOf(request), await readLogoUpload(request)),
  }));

  app.delete('/settings/logo/:kind', { ...guard, schema: settingsDocs.removeLogo }, async (request) => ({
    status: 200,
    message: messages.logoRemoved,
    settings: await removeLogo(app.ctx, actorOf(request), logoKindOf(request)),
  }));
}
