import type { Db } from '../../db/client.ts';
import { createFixtureCharges } from './charges.ts';
import { addFixtureSettingColumn } from './fixture-settings.ts';
import { createFixtureInvoiceMarks, createFixturePostingNumbers } from './invoice-marks.ts';
import { createFixtureIssues } from './issues.tables.ts';
import { createFixtureNotes, createFixtureVouchers } from './notes.tables.ts';

/**
 * The fixture area's migration, as a shipped area's SQL file would be: its tables and its
 * setting's column. Every test of an app serving the fixture area runs it first (the settings
 * route reads every served section's column).
 */
export async function migrateFixtureArea(db: Db): Promise<void> {
  for (const statement of [createFixtureNotes, ...createFixtureVouchers, createFixtureInvoiceMarks, createFixturePostingNumbers, ...createFixtureCharges, ...createFixtureIssues, addFixtureSettingColumn]) await db.execute(statement);
}
