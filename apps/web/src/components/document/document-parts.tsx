import { Suspense } from 'react';
import { documentPartsOf } from '../../lib/areas/area-registry.ts';

/**
 * Other areas' parts of a document (their manifests' `documentParts`: FBR's number and QR code on an
 * invoice), given the document, loaded with it; nothing while they load. The document's summary
 * shows them, and a printable page of the document places them where its paper has them.
 */
export function DocumentParts({ name, document }: { name: string; document: Readonly<Record<string, unknown>> }) {
  const parts = documentPartsOf(name);
  if (parts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {parts.map(({ area, component: Part }) => (
        <Part key={area} document={document} />
      ))}
    </Suspense>
  );
}
