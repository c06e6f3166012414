import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { contentStreams } from './pdf-text.ts';

/** A QR code as the content stream draws it: its square's corner and module size in points, and its modules. */
export interface PdfQrCode {
  x: number;
  y: number;
  moduleSize: number;
  modules: boolean[][];
}

/**
 * The QR codes print marks draw (lib/print/document-pdf.ts): a transform `s 0 0 s x y cm` to
 * module units, then one `c r w 1 re` per dark run of a row and one fill. The grid is rebuilt
 * from the runs, square by the count of rows.
 */
export function pdfQrCodes(pdf: Buffer): PdfQrCode[] {
  const codes: PdfQrCode[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const match of stream.matchAll(/^([\d.]+) 0 0 \1 ([\d.]+) ([\d.]+) cm\n((?:\d+ \d+ \d+ 1 re\n)+)f\n/gm)) {
      const runs = [...match[4]!.matchAll(/(\d+) (\d+) (\d+) 1 re/g)].map((m) => m.slice(1, 4).map(Number) as [number, number, number]);
      const size = Math.max(...runs.map(([column, row, width]) => Math.max(row + 1, column + width)));
      const modules = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
      for (const [column, row, width] of runs) for (let c = column; c < column + width; c += 1) modules[row]![c] = true;
      codes.push({ moduleSize: Number(match[1]), x: Number(match[2]), y: Number(match[3]), modules });
    }
  }
  return codes;
}

/** Each image the content streams draw, its size in points (pdfkit: `w 0 0 -h x y cm /I1 Do`). */
export function pdfImagesDrawn(pdf: Buffer): { width: number; height: number }[] {
  return contentStreams(pdf).flatMap((stream) => [...stream.matchAll(/([\d.]+) 0 0 -([\d.]+) [\d.]+ [\d.]+ cm\n\/I\d+ Do/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) })));
}

/** The first page as poppler's pdftoppm renders it, gray, at `dpi`: a PGM (P5) read here. */
export function renderFirstPage(pdf: Buffer, dpi = 150): { width: number; height: number; gray: Uint8Array } {
  const dir = mkdtempSync(join(tmpdir(), 'erp-pdf-'));
  try {
    writeFileSync(join(dir, 'page.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-f', '1', '-l', '1', '-singlefile', join(dir, 'page.pdf'), join(dir, 'page')]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // "P5", width, height, maxval (one byte a pixel below 256), each followed by one whitespace.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 64));
    if (!header || Number(header[3]) > 255) throw new Error('pdftoppm did not write an 8-bit PGM');
    const [width, height] = [Number(header[1]), Number(header[2])];
    return { width, height, gray: pgm.subarray(header[0].length, header[0].length + width * height) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a QR reader finds on the first page: its text and version, or null. */
export function readQrOnFirstPage(pdf: Buffer): { text: string; version: number } | null {
  const { width, height, gray } = renderFirstPage(pdf);
  const rgba = new Uint8ClampedArray(width * height * 4);
  gray.forEach((value, index) => rgba.set([value, value, value, 255], index * 4));
  const code = jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' });
  return code ? { text: code.data, version: code.version } : null;
}
