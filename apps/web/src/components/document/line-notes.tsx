import { lineNotesOf } from '../../lib/areas/area-registry.ts';

/** Other areas' notes under a document line's item (their manifests' `lineNotes`: an invoice line's DRAP registration), one per row, small. */
export function LineNotes({ name, line }: { name: string; line: Readonly<Record<string, unknown>> }) {
  const notes = lineNotesOf(name, line);
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((note) => (
        <div key={note} className="line-note" style={{ fontSize: '0.85em', color: 'rgba(0, 0, 0, 0.65)' }}>
          {note}
        </div>
      ))}
    </>
  );
}
