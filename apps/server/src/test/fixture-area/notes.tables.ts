import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns, regions } from '../../db/schema/setup.ts';

export const fixtureNotes = pgTable('fixture_notes', {
  ...entityColumns(),
  noteTitle: text('note_title').notNull(),
  regionId: integer('region_id').references(() => regions.id),
});

/** What a shipped area's migration would hold; the test runs it on its own database. */
export const createFixtureNotes = sql`
  CREATE TABLE fixture_notes (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    note_title text NOT NULL,
    region_id integer REFERENCES regions (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;
