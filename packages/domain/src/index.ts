// The shared kernel: roles, routes, menu, scopes, messages, formats, money, declarations.
export * from './access/roles.ts';
export * from './access/routes.ts';
export * from './access/menu.ts';
export * from './access/scopes.ts';
export * from './messages.ts';
export * from './http-errors.ts';
export * from './format.ts';
export * from './dates/days.ts';
export * from './dates/months.ts';
export * from './money.ts';
export * from './pickers.ts';
export * from './resource/declaration.ts';
export * from './resource/numeric-input.ts';
export * from './resource/registry.ts';
export * from './document/index.ts';
export * from './area/define-area.ts';
export * from './auth/auth.ts';
export * from './imports/imports.ts';
export * from './search/search.ts';
export * from './search/search-query.ts';
export * from './dashboard/dashboard.ts';
export * from './reports/data-time.ts';
export * from './reports/report-page.ts';
// The business areas, each one line there.
export * from './areas.ts';
// The company settings: every area's section, composed.
export * from './setup/settings.ts';
