import { assumeRoleSchema, changePasswordSchema, loginSchema, logoKinds, logoRules, roles } from '@erp/domain';
import { z } from 'zod';
import { envelope, routeSchema } from '../../lib/openapi.ts';

const tags = ['Authentication'];

const authUser = z
  .looseObject({
    id: z.int(),
    name: z.string(),
    username: z.string(),
    role: z.enum(roles),
    company: z.looseObject({ companySettings: z.looseObject({ companyName: z.string().nullable(), rectangleLogo: z.string().nullable() }) }),
    permissions: z.record(z.string(), z.array(z.int())).describe('Row scopes: id lists per area (regions, categories...)'),
    scopes: z.array(z.string()),
    assumedBy: z.looseObject({ id: z.int(), name: z.string(), username: z.string() }).optional().describe('On an assumed session: the admin'),
  })
  .describe('The signed-in user');

const publicCompany = z.looseObject({ companyName: z.string().nullable(), rectangleLogo: z.string().nullable() });

const image = z.string().meta({ format: 'binary' });

/** The OpenAPI schemas of auth.routes.ts. */
export const authDocs = {
  health: routeSchema({ tags: ['Health'], summary: 'The server is up (liveness)', response: { 200: envelope({ pid: z.int().describe('This process: which of several answered') }) } }),
  ready: routeSchema({
    tags: ['Health'],
    summary: 'The server can take requests (readiness, for a load balancer)',
    description: '200 when the database answers and every migration is applied; 503 otherwise, and while the server shuts down.',
    response: { 200: envelope({ pid: z.int() }), 503: envelope({ pid: z.int() }, 'Not ready') },
  }),
  login: routeSchema({
    tags,
    summary: 'Sign in',
    description: 'Failures are limited per address and per username (429).',
    body: loginSchema,
    response: { 200: envelope({ token: z.string(), user: authUser }) },
  }),
  verifyToken: routeSchema({
    tags,
    summary: "The token's user",
    description: 'Takes no body (an empty JSON body is accepted).',
    response: { 200: envelope({ user: authUser }) },
  }),
  assumeRole: routeSchema({
    tags,
    summary: 'Act as another user (admin)',
    description: 'Answers a token of that user for an hour, naming the admin behind it.',
    body: assumeRoleSchema,
    response: { 200: envelope({ token: z.string(), user: authUser }) },
  }),
  changePassword: routeSchema({
    tags,
    summary: 'Change one’s own password',
    description: 'Ends every earlier token of the user; the answer carries a fresh one.',
    body: changePasswordSchema,
    response: { 200: envelope({ token: z.string() }) },
  }),
  company: routeSchema({
    tags: ['Company'],
    summary: 'The company name and logo (public: the login page)',
    response: { 200: envelope({ company: publicCompany }) },
  }),
  companyLogo: routeSchema({
    tags: ['Company'],
    summary: 'A company logo image (public)',
    params: z.object({ kind: z.enum(logoKinds) }),
    querystring: z.object({ v: z.string().optional().describe("The image hash's first characters: the answer may then be cached for a year") }),
    response: {
      200: { description: 'The image', content: Object.fromEntries(logoRules.mimeTypes.map((mime) => [mime, { schema: image }])) },
      304: z.undefined().describe('Not modified (If-None-Match)'),
    },
  }),
};
