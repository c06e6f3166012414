import bidiFactory from 'bidi-js';

/** Which font a run prints in: the standard Helvetica, or the embedded Arabic-script font. */
export type Face = 'latin' | 'arabic';

/** A piece of one line, in the order it is drawn left to right. */
export interface TextRun {
  face: Face;
  /**
   * Latin runs: the characters as they stand on the page (mirrored where right-to-left).
   * Arabic runs: in reading order, because the font's shaper joins the letters and lays them
   * out right to left itself.
   */
  text: string;
}

const bidi = bidiFactory();

// Arabic, its supplements and presentation forms: Urdu's letters are all in these blocks.
const arabicScript = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const whitespace = /\s/;

export const hasArabicScript = (value: string): boolean => arabicScript.test(value);

/**
 * A line split into runs by font and put in visual order by the Unicode bidirectional
 * algorithm (bidi-js), so "Services Hospital لاہور" and "گلی 12" read as they are written. Spaces
 * inside right-to-left text stay with it, so a name of several Urdu words is one run the
 * shaper lays out whole. A string is laid out as one line: a cell that wraps keeps the order
 * of its whole text (names and addresses rarely wrap).
 */
export function visualRuns(line: string): TextRun[] {
  const embedding = bidi.getEmbeddingLevels(line);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const order = Array.from({ length: line.length }, (_, index) => index);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const runs: (TextRun & { rtl: boolean })[] = [];
  for (const index of order) {
    const char = line[index]!;
    const rtl = (levels[index]! & 1) === 1;
    const face: Face = arabicScript.test(char) || (rtl && whitespace.test(char)) ? 'arabic' : 'latin';
    const last = runs.at(-1);
    const shown = mirrored.get(index) ?? char;
    if (last && last.face === face && last.rtl === rtl) last.text += shown;
    else runs.push({ face, rtl, text: shown });
  }
  return runs.map(({ face, rtl, text }) => ({ face, text: face === 'arabic' && rtl ? [...text].reverse().join('') : text }));
}
