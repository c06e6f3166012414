import { inflateSync } from 'node:zlib';

/** The content streams of a PDF, inflated where pdfkit deflated them. */
function contentStreams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const streams: string[] = [];
  // The keyword after a stream's dictionary, not the tail of "endstream".
  const pattern = />>\s*stream\r?\n/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
    pattern.lastIndex = end + 'endstream'.length;
  }
  return streams;
}

/**
 * The text pdfkit wrote, one string per text operator (a line of a cell or paragraph), in
 * page order: pdfkit writes strings as hex inside `[...] TJ` with kerning numbers between.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  return pdfPageTexts(pdf).flat();
}

/** The same per page: a pdfkit page is one content stream (images and fonts carry no text operators). */
export function pdfPageTexts(pdf: Buffer): string[][] {
  const pages: string[][] = [];
  for (const stream of contentStreams(pdf)) {
    const lines = [...stream.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((operator) => {
      const hex = [...operator[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      return Buffer.from(hex, 'hex').toString('latin1');
    });
    if (lines.length > 0) pages.push(lines);
  }
  return pages;
}

/** How many pages the PDF says it has. */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}
