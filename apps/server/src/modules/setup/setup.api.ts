/**
 * What the setup area offers other modules: the user lookups and writes that sign-in and a
 * password change need (setup alone writes `users`), the company's letterhead that printed
 * documents carry and its logos for the public route (and an upload's image type by its first bytes,
 * for another area's images), the settings another area reads (a setting
 * by its key, never the settings table: `companySettingSql` inside a statement,
 * `readSettingValues` on its own); and to the first start, the CLI and the demo, the company row
 * and its values (`writeSettingValues`), the token secret, a new user and a password reset. Another module imports setup only through this
 * file; the rest of modules/setup is private to it (docs/ARCHITECTURE.md, "Boundaries").
 */
export { findSessionUser, findUserForLogin, hasAnyUser, insertUser, replacePassword, replacePasswordOf, stampLastLogin } from './users.repository.ts';
export { type CompanyLetterhead, ensureCompanySettings, findCompanyLogo, readCompanyLetterhead, readCompanySettings } from './settings.repository.ts';
export { companySettingSql, readSettingValues, type SettingKey, type SettingValues, writeSettingValues } from './setting-values.ts';
export { loadOrCreateSecret } from './app-secrets.repository.ts';
export { imageMimeOf } from './logo-file.ts';
