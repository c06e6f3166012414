import { type AreasFold, logoKinds, logoRules, settingsSchemasOf } from '@erp/domain';
import { z } from 'zod';
import { envelope, routeSchema } from '../../lib/openapi.ts';

const tags = ['Settings'];

export const logoParams = z.object({ kind: z.enum(logoKinds) });

/** The OpenAPI schemas of settings.routes.ts, of the sections `settings` composes (the app's areas). */
export function settingsDocsOf(sections: AreasFold['settings']) {
  const schemas = settingsSchemasOf(sections);
  const settings = z
    .looseObject({
      ...schemas.whole.shape,
      rectangleLogo: z.string().nullable().describe('URL of the logo, or null'),
      squareLogo: z.string().nullable().describe('URL of the logo, or null'),
    })
    .describe('The company settings');
  /**
   * The fields sent change, the others stay (issue 17). The form sends back what GET gave it:
   * the logo URLs are accepted and ignored (the logo routes manage them).
   */
  const updateBody = schemas.update.extend({ rectangleLogo: z.string().nullable().optional(), squareLogo: z.string().nullable().optional() });
  return {
    updateBody,
    read: routeSchema({ tags, summary: 'Read the company settings', response: { 200: envelope({ settings }) } }),
    update: routeSchema({
      tags,
      summary: 'Save the company settings',
      description: 'Only the fields sent change. The logo URLs that GET answered may be sent back: they are ignored (the logo routes manage them).',
      body: updateBody,
      response: { 200: envelope({ settings }, 'Saved') },
    }),
    uploadLogo: routeSchema({
      tags,
      summary: 'Upload a logo',
      description: `multipart/form-data with one file field \`file\`: ${logoRules.mimeTypes.join(', ')}, checked by content, at most ${logoRules.maxBytes / 1024 / 1024} MB.`,
      params: logoParams,
      consumes: ['multipart/form-data'],
      body: z.object({ file: z.string().meta({ format: 'binary' }) }),
      response: { 200: envelope({ settings }, 'Logo saved') },
    }),
    removeLogo: routeSchema({ tags, summary: 'Remove a logo', params: logoParams, response: { 200: envelope({ settings }, 'Logo removed') } }),
  };
}
