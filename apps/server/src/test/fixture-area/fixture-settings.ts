import { defineSettings } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/** The fixture area's section of the company settings: how many notes a region may hold (not enforced; a setting to read and save). */
export const fixtureSettings = defineSettings(
  z.strictObject({
    fixtureNoteLimit: z.number({ error: 'Note limit must be a whole number' }).int({ error: 'Note limit must be a whole number' }).min(1, { error: 'Note limit must be at least 1' }),
  }),
  { fixtureNoteLimit: 10 },
);

/** Its migration: the column its key names, in snake case, with the section's default. */
export const addFixtureSettingColumn = sql`ALTER TABLE company_settings ADD COLUMN fixture_note_limit integer NOT NULL DEFAULT 10`;
