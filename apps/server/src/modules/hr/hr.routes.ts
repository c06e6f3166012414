import { canUseResource, messages, payInputGridQuerySchema, payInputGridSaveSchema, payInputs, salaryComponents } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.ts';
import { actorOf } from '../../lib/actor.ts';
import { decimalString, envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { readPayInputGrid, savePayInputGrid } from './pay-inputs.service.ts';
import { ensureDefaultSalaryComponents } from './salary-components.service.ts';

const gridRow = z.object({
  employeeId: z.int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  regionName: z.string(),
  departmentName: z.string(),
  unpaidLeaveDays: decimalString,
  overtimeHours: decimalString,
  incentives: decimalString,
});

const gridDocs = routeSchema({
  tags: ['Pay inputs'],
  summary: "A month's pay inputs of every employee",
  description: 'Every employee the caller may see who is employed in the month (not suspended), with their unpaid leave days, overtime hours and incentives (zeros when none), by code.',
  querystring: payInputGridQuerySchema,
  response: { 200: envelope({ data: z.array(gridRow), total: z.int() }) },
});

const gridSaveDocs = routeSchema({
  tags: ['Pay inputs'],
  summary: "Saves rows of a month's pay inputs",
  description: 'Upserts each row (employee, month); a row of zeros removes the inputs. One transaction; an employee the caller may not see is refused (400 naming rows.<i>.employeeId).',
  body: payInputGridSaveSchema,
  response: { 200: envelope({ saved: z.int() }) },
});

const defaultsDocs = routeSchema({
  tags: ['Salary components'],
  summary: 'Adds the default salary components',
  description: 'Adds the codes of the default set (BASIC, HRA, MEDICAL, CONVEYANCE, OVERTIME, INCENTIVE, PF, INCOME_TAX, ADVANCE, PF_EMPLOYER) that are missing, with the default chart\'s accounts; existing codes are left as they are.',
  response: { 200: envelope({ added: z.array(z.string()) }) },
});

/** The HR area's own routes: the pay inputs' grid, the default component set. */
export function registerHrRoutes(app: FastifyInstance): void {
  const usePayInputs = [authenticate, requireAccess((role) => canUseResource(role, payInputs))];
  app.get('/pay-inputs/grid', { schema: gridDocs, onRequest: usePayInputs }, async (request) => {
    const page = await readPayInputGrid(app.ctx.db, authOf(request).user, validated(payInputGridQuerySchema, request.query));
    return { status: 200, message: messages.ok, ...page };
  });
  app.put('/pay-inputs/grid', { schema: gridSaveDocs, onRequest: usePayInputs }, async (request) => {
    const saved = await savePayInputGrid(app.ctx.db, actorOf(request), validated(payInputGridSaveSchema, request.body));
    return { status: 200, message: messages.saved, saved };
  });
  app.post('/salary-components/defaults', { schema: defaultsDocs, onRequest: [authenticate, requireAccess((role) => canUseResource(role, salaryComponents))] }, async () => {
    const added = await app.ctx.db.transaction((tx) => ensureDefaultSalaryComponents(tx));
    return { status: 200, message: added.length > 0 ? `Added ${added.join(', ')}` : 'Every default component is there already', added };
  });
}
