import { businessActivities, fbrScenarioMessages, fbrScenarioParamsSchema, fbrScenarioSpec, fbrScenarioStatuses, messages, taxSectors } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { listScenarios, runScenario, startScenarioRun } from './fbr-scenarios.service.ts';

const tags = ['FBR'];
const scenario = z.object({
  scenarioId: z.string(),
  description: z.string(),
  status: z.enum(fbrScenarioStatuses),
  payload: z.unknown().describe('The invoice sent (null: never run, or queued)'),
  response: z.unknown().describe("FBR's answer to the post (to the validation when that failed)"),
  error: z.string().nullable(),
  ranAt: z.string().nullable(),
});
const refusals = 'Refused (409) in production or without a sandbox token this server can read, and while a run is under way.';
const docs = {
  list: routeSchema({
    tags,
    summary: 'The sandbox scenarios the company must pass, with their last run',
    description: `The admin's. The scenarios ${fbrScenarioSpec} (§9-§10) requires of the company's business activity and sector; SN026-SN028 only when registered as a retailer.`,
    response: {
      200: envelope({
        businessActivity: z.enum(businessActivities.map((a) => a.value)),
        sector: z.enum(taxSectors.map((s) => s.value)),
        registeredAsRetailer: z.boolean(),
        scenarios: z.array(scenario),
      }),
    },
  }),
  runAll: routeSchema({
    tags,
    summary: 'Run every sandbox scenario the company must pass (a job)',
    description: `Answers 202 with the job's id; GET /api/fbr/scenarios shows each scenario running, then passed or failed. ${refusals}`,
    response: { 202: envelope({ jobId: z.int() }) },
  }),
  runOne: routeSchema({
    tags,
    summary: 'Run one sandbox scenario',
    description: `Its invoice built, validated and posted in FBR's sandbox while the request waits; passed when the post is accepted. A scenario the company does not require: 404. ${refusals}`,
    params: fbrScenarioParamsSchema,
    response: { 200: envelope({ scenario }) },
  }),
};

/** Issue 30, section 7: the sandbox scenarios, the admin's. */
export function registerFbrScenarioRoutes(app: FastifyInstance): void {
  const admin = [authenticate, requireRoute('/settings')];

  app.get('/fbr/scenarios', { schema: docs.list, onRequest: admin }, async () => ({ status: 200, message: messages.ok, ...(await listScenarios(app.ctx.db)) }));

  app.post('/fbr/scenarios/run', { schema: docs.runAll, onRequest: admin }, async (request, reply) => {
    const { jobId, count } = await startScenarioRun(app.ctx.db, app.ctx.database, actorOf(request));
    app.ctx.jobs.wake();
    return reply.code(202).send({ status: 202, message: fbrScenarioMessages.started(count), jobId });
  });

  app.post('/fbr/scenarios/:scenarioId/run', { schema: docs.runOne, onRequest: admin }, async (request) => {
    const { scenarioId } = validated(fbrScenarioParamsSchema, request.params);
    const result = await runScenario(app.ctx.db, app.ctx.database, actorOf(request), scenarioId);
    return { status: 200, message: result.status === 'passed' ? fbrScenarioMessages.passed(scenarioId) : fbrScenarioMessages.failed(scenarioId, result.error ?? result.status), scenario: result };
  });
}
