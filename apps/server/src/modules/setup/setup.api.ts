/**
 * What the setup area offers other modules: the user lookups that sign-in needs, and the
 * company's letterhead that printed documents carry and its logos the public route serves. Another module imports setup only
 * through this file; the rest of modules/setup is private to it (docs/ARCHITECTURE.md,
 * "Boundaries").
 */
export { findSessionUser, findUserForLogin } from './users.repository.ts';
export { type CompanyLetterhead, findCompanyLogo, readCompanyLetterhead } from './settings.repository.ts';
