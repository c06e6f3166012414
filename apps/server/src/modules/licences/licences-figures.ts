import { customerLicenceExpiringFilter, licenceWarningDays, registrationExpiringFilter, type ResourceDeclaration, vendorLicenceExpiringFilter } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { countValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { listQuerySchemaOf } from '../../lib/resource/resource-list-query.ts';
import { planResourceQueries, type ResourceQueryPlan, resourceListWhere } from '../../lib/resource/resource-query.ts';
import { bindingOfResource } from '../../lib/resource/resource-tables.ts';

// Planned on first use, by name: the owners' bindings are theirs, bound before any figure is read.
const plans = new Map<string, ResourceQueryPlan>();
function planOf(resource: string): ResourceQueryPlan {
  let plan = plans.get(resource);
  const binding = bindingOfResource(resource);
  if (!binding) throw new Error(`No resource ${resource} is served`);
  if (!plan || plan.binding !== binding) {
    plan = planResourceQueries(binding);
    plans.set(resource, plan);
  }
  return plan;
}

/** The list's own condition with its filter, for the caller: the figure and the list it drills into cannot disagree. */
function listWhere(resource: string, filter: string, c: FigureContext): SQL {
  const plan = planOf(resource);
  const query = listQuerySchemaOf(plan.binding.declaration as ResourceDeclaration).parse({ [filter]: String(licenceWarningDays) });
  return resourceListWhere(plan, query, c.actor) ?? sql`true`;
}

const within = `${licenceWarningDays}`;

/** Issue 32, section 5: registrations and licences expiring within 30 days (expired included), each its list's total, in the caller's scope. */
export const licencesFigures: readonly FigureStatement[] = [
  {
    id: 'licences',
    scope: ['regions', 'categories'],
    sql: (c) => sql`SELECT (SELECT count(*)::int FROM items WHERE ${listWhere('items', registrationExpiringFilter.name, c)}) AS registrations,
                           (SELECT count(*)::int FROM vendors WHERE ${listWhere('vendors', vendorLicenceExpiringFilter.name, c)}) AS vendors,
                           (SELECT count(*)::int FROM customers WHERE ${listWhere('customers', customerLicenceExpiringFilter.name, c)}) AS customers`,
    figures: [
      {
        id: 'registrations-expiring',
        label: `DRAP registrations expiring within ${within} days`,
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.registrations),
        drill: () => ({ route: '/items', query: { [registrationExpiringFilter.name]: within } }),
        list: () => ({ url: `/api/items?${registrationExpiringFilter.name}=${within}`, total: (body) => String(body.total) }),
      },
      {
        id: 'vendor-licences-expiring',
        label: `Vendor DRAP licences expiring within ${within} days`,
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.vendors),
        drill: () => ({ route: '/vendors', query: { [vendorLicenceExpiringFilter.name]: within } }),
        list: () => ({ url: `/api/vendors?${vendorLicenceExpiringFilter.name}=${within}`, total: (body) => String(body.total) }),
      },
      {
        id: 'customer-licences-expiring',
        label: `Customer licences expiring within ${within} days`,
        unit: 'count',
        boards: ['sales'],
        value: (row) => countValue(row.customers),
        drill: () => ({ route: '/customers', query: { [customerLicenceExpiringFilter.name]: within } }),
        list: () => ({ url: `/api/customers?${customerLicenceExpiringFilter.name}=${within}`, total: (body) => String(body.total) }),
      },
    ],
  },
];
