/**
 * What the setup area offers other modules: the user lookups and writes that sign-in and a
 * password change need (setup alone writes `users`), the company's letterhead that printed
 * documents carry and its logos for the public route. Another module imports setup only
 * through this file; the rest of modules/setup is private to it (docs/ARCHITECTURE.md,
 * "Boundaries").
 */
export { findSessionUser, findUserForLogin, replacePassword, stampLastLogin } from './users.repository.ts';
export { type CompanyLetterhead, findCompanyLogo, readCompanyLetterhead, readCompanySettings } from './settings.repository.ts';
