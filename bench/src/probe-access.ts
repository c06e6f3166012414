import {
  type AppRoute,
  canAccessRoute,
  canReadOptions,
  documents,
  isReadOnlyRole,
  resourceByName,
  type Role,
  salesSettingsRoutes,
} from '@erp/domain';

/** What the role table says of one role on one endpoint. */
export type Expected = 'allowed' | 'denied' | 'public' | 'unmapped';

/** `reads`: a POST that changes nothing (a scan read), which the read-only roles may call too. */
type Rule = { routes: readonly AppRoute[]; reads?: true } | { roles: readonly Role[] } | { anyone: true };

/**
 * The endpoints that are not a declared resource's or document's own, with the screens (spec
 * section 6) whose roles may call them, as docs/api/<area>.md state them: a pattern is matched against
 * `METHOD path` (the OpenAPI path), first match wins. Kept here, apart from the server, so that
 * the probe checks the server against the documented rule rather than against itself.
 */
const handWritten: readonly [RegExp, Rule][] = [
  [/^POST \/api\/(verify-token|change-password)$/, { anyone: true }],
  [/^POST \/api\/assume-role$/, { roles: ['admin'] }],
  [/^GET \/api\/search$/, { anyone: true }],
  // An import job is its starter's (any signed-in user may poll their own).
  [/^GET \/api\/imports\/jobs\//, { anyone: true }],
  [/^\w+ \/api\/imports\/items\//, { routes: ['/items'] }],
  [/^\w+ \/api\/imports\/vendors\//, { routes: ['/vendors'] }],
  [/^\w+ \/api\/imports\/opening-stock\//, { routes: ['/inventory'] }],
  [/^\w+ \/api\/imports\/pay-inputs\//, { routes: ['/employees'] }],
  [/^GET \/api\/settings\/posting-accounts$/, { routes: ['/settings', '/accounts'] }],
  [/^\w+ \/api\/settings/, { routes: ['/settings'] }],
  [/^GET \/api\/audit-log$/, { routes: ['/user'] }],
  [/^GET \/api\/ledger\//, { routes: ['/ledger/:accountId'] }],
  [/^POST \/api\/accounting\/period-close$/, { roles: ['admin', 'accountant'] }],
  [/^POST \/api\/accounting\/period-reopen$/, { roles: ['admin'] }],
  [/^\w+ \/api\/accounting\//, { routes: ['/accounting'] }],
  [/^GET \/api\/sales\/reports$/, { routes: ['/sales/reports'] }],
  [/^GET \/api\/sales\/settings$/, { routes: salesSettingsRoutes }],
  [/^GET \/api\/items\/sales$/, { routes: ['/items/sales'] }],
  [/^GET \/api\/invoices\/options$/, { routes: ['/invoices', '/sales-returns', '/receipts', '/cheques'] }],
  [/^GET \/api\/inventory\/options$/, { routes: ['/inventory', '/inventory-ledger', '/invoices', '/quotations', '/transfers', '/sales-returns', '/reagent-rentals'] }],
  [/^GET \/api\/inventory-ledger/, { routes: ['/inventory-ledger'] }],
  [/^\w+ \/api\/inventory/, { routes: ['/inventory'] }],
  [/^GET \/api\/price-list\/price$/, { routes: ['/price-list', '/quotations', '/invoices'] }],
  [/^GET \/api\/purchase-orders\/options$/, { routes: ['/purchase-orders'] }],
  [/^\w+ \/api\/customers\/\{id\}\/statement/, { routes: ['/customers'] }],
  [/^GET \/api\/receipts\/open-invoices$/, { routes: ['/receipts'] }],
  [/^GET \/api\/payments\/open-(bills|pay-slips)$/, { routes: ['/payments'] }],
  [/^\w+ \/api\/planning\/progress/, { routes: ['/planning/progress'] }],
  [/^\w+ \/api\/planning\//, { routes: ['/planning/form'] }],
  [/^\w+ \/api\/sales-plans\/lines\/import$/, { routes: ['/planning/form'] }],
  [/^\w+ \/api\/order-generation-runs/, { routes: ['/order-generation'] }],
  [/^\w+ \/api\/dashboard/, { routes: ['/dashboard'] }],
  [/^\w+ \/api\/pay-slips/, { routes: ['/pay-slips'] }],
  // Issues 32 and 33 (docs/api/gs1.md, sales.md, currencies.md).
  [/^POST \/api\/gs1\/parse$/, { anyone: true }],
  [/^GET \/api\/gs1\/settings$/, { anyone: true }],
  [/^POST \/api\/gs1\/lookup$/, { routes: ['/inventory'], reads: true }],
  [/^POST \/api\/sales-returns\/scan$/, { routes: ['/sales-returns'], reads: true }],
  [/^GET \/api\/exchange-rates\/rate$/, { routes: ['/accounting', '/purchase-orders', '/payments'] }],
  [/^\w+ \/api\/(pay-inputs\/grid|salary-components\/defaults)/, { routes: ['/employees'] }],
];

const publicEndpoints = /^(GET \/api\/(health|ready|company|company\/logo\/\{kind\}|docs.*)|POST \/api\/login)$/;

/** The screens a declared resource or document (by its API name) is read on: its own, and those it is `alsoFor` (an item's GTINs on the scanning screens). */
function declaredRoute(name: string): { routes: readonly AppRoute[]; options: (role: Role) => boolean } | undefined {
  const resource = resourceByName(name);
  if (resource) return { routes: [resource.route, ...(resource.alsoFor ?? [])], options: (role) => canReadOptions(role, resource) };
  const document = documents.find((d) => d.name === name);
  if (document) return { routes: [document.route], options: (role) => canAccessRoute(role, document.route) };
  return undefined;
}

function allowedBy(rule: Rule, role: Role): boolean {
  if ('anyone' in rule) return true;
  if ('roles' in rule) return rule.roles.includes(role);
  return rule.routes.some((route) => canAccessRoute(role, route));
}

/**
 * Whether `role` may call `method path` by the role table: the hand-written table above, else
 * the declared resource or document the path is under (its options by the screens that pick
 * from it). A write by a read-only role (the auditor) is denied whatever its screens.
 * Scopes are not judged: a 403 where the role is allowed may be a missing scope, never a leak.
 */
export function expectedAccess(role: Role, method: string, path: string): Expected {
  const key = `${method} ${path}`;
  if (publicEndpoints.test(key)) return 'public';
  const write = method !== 'GET';
  const readOnlyRefusal = write && isReadOnlyRole(role);
  const hand = handWritten.find(([pattern]) => pattern.test(key));
  // A signed-in user's own session (verify, change their password) is no write to the books.
  if (hand && 'anyone' in hand[1]) return 'allowed';
  if (hand) return allowedBy(hand[1], role) && (!readOnlyRefusal || ('reads' in hand[1] && hand[1].reads === true)) ? 'allowed' : 'denied';
  const name = path.split('/')[2] ?? '';
  const declared = declaredRoute(name);
  if (!declared) return 'unmapped';
  const allowed = path === `/api/${name}/options` ? declared.options(role) : declared.routes.some((route) => canAccessRoute(role, route));
  return allowed && !readOnlyRefusal ? 'allowed' : 'denied';
}
