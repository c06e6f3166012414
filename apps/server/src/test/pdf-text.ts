import { inflateSync } from 'node:zlib';

/** The content streams of a PDF, inflated where pdfkit deflated them. */
export function contentStreams(pdf: Buffer): string[] {
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

/** The hex string's bytes in a glyph-id (UTF-16BE) font, read as text through its ToUnicode map. */
type Decoder = (hex: string) => string;

const latin1: Decoder = (hex) => Buffer.from(hex, 'hex').toString('latin1');

/** code -> text from a ToUnicode CMap's bfchar and bfrange entries (the forms pdfkit writes). */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F ]+>)/g)) {
      const from = Number.parseInt(entry[1]!, 16);
      const to = Number.parseInt(entry[2]!, 16);
      const target = entry[3]!;
      if (target.startsWith('[')) [...target.matchAll(/<([0-9a-fA-F ]+)>/g)].forEach((value, index) => map.set(from + index, utf16(value[1]!)));
      else {
        const first = Number.parseInt(target.slice(1, -1).replace(/\s/g, ''), 16);
        for (let code = from; code <= to; code += 1) map.set(code, String.fromCodePoint(first + code - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g)) map.set(Number.parseInt(entry[1]!, 16), utf16(entry[2]!));
  }
  return map;
}

const arabicScript = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * Each font resource name's decoder: the standard fonts' strings are their bytes; an embedded
 * font's are glyph codes read through its ToUnicode map. fontkit lays a right-to-left word's
 * glyphs out in visual order, so such a word reads back reversed into reading order.
 */
function fontDecoders(pdf: Buffer): Map<string, Decoder> {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(match[1]!, match[2]!);
  const streamOf = (body: string) => {
    const start = body.indexOf('stream');
    const bytes = Buffer.from(body.slice(start + 'stream'.length, body.lastIndexOf('endstream')).replace(/^\r?\n/, ''), 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return bytes.toString('latin1');
    }
  };
  const decoders = new Map<string, Decoder>();
  for (const fonts of source.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
    for (const [, name, ref] of fonts[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const unicode = objects.get(ref!)?.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      if (!unicode) continue;
      const map = toUnicodeMap(Buffer.from(streamOf(objects.get(unicode)!), 'latin1').toString('utf8'));
      decoders.set(name!, (hex) => {
        const glyphs = hex.match(/.{4}/g)?.map((code) => map.get(Number.parseInt(code, 16)) ?? '\ufffd') ?? [];
        return (arabicScript.test(glyphs.join('')) ? glyphs.reverse() : glyphs).join('');
      });
    }
  }
  return decoders;
}

/** The same per page: a pdfkit page is one content stream (images and fonts carry no text operators). */
export function pdfPageTexts(pdf: Buffer): string[][] {
  const decoders = fontDecoders(pdf);
  const pages: string[][] = [];
  for (const stream of contentStreams(pdf)) {
    let decode = latin1;
    const lines: string[] = [];
    for (const operator of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (operator[1] !== undefined) decode = decoders.get(operator[1]) ?? latin1;
      else lines.push(decode([...operator[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('')));
    }
    if (lines.length > 0) pages.push(lines);
  }
  return pages;
}

/** How many pages the PDF says it has. */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}
