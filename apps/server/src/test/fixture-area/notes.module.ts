import { genericResource, type ServerArea } from '../../modules/module.ts';
import { fixtureNotesArea } from './notes.area.ts';
import * as tables from './notes.tables.ts';

/** The server side of the fixture area: its manifest, as `areas.ts` would list it. */
export const fixtureNotesModule: ServerArea = {
  name: 'fixture-notes',
  declaration: fixtureNotesArea,
  tables: { fixtureNotes: tables.fixtureNotes },
  resources: fixtureNotesArea.resources.map((declaration) => genericResource(declaration, tables)),
};
