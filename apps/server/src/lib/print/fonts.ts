import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const files = { regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' } as const;
const loaded = new Map<keyof typeof files, Buffer>();

/**
 * Noto Naskh Arabic (SIL Open Font License), shipped by an npm package so that a fresh
 * `npm ci` has it: the standard PDF fonts carry no Arabic script, and Urdu names printed as "?".
 * Its package exports no files, so the fonts are found beside its entry point. Read once.
 */
export function arabicFontBytes(weight: keyof typeof files): Buffer {
  let bytes = loaded.get(weight);
  if (!bytes) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-arabic');
    bytes = readFileSync(join(dirname(entry), '..', 'fonts', files[weight]));
    loaded.set(weight, bytes);
  }
  return bytes;
}
