import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { renderFirstPage } from './pdf-qr.ts';

/** The reader's wasm from the package itself (no network in tests): handed to the module as bytes. */
prepareZXingModule({ overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer } });

/** What a DataMatrix reader finds: the symbology identifier (`]d2` for GS1), the text as printed `(01)...` and as sent (GS between elements). */
export interface DataMatrixRead {
  symbologyIdentifier: string;
  hri: string;
  plain: string;
}

async function readDataMatrix(image: Uint8Array | { data: Uint8ClampedArray; width: number; height: number }): Promise<DataMatrixRead[]> {
  const read = (textMode: 'HRI' | 'Plain') => readBarcodes(image as Parameters<typeof readBarcodes>[0], { formats: ['DataMatrix'], textMode, tryHarder: true });
  const [hri, plain] = await Promise.all([read('HRI'), read('Plain')]);
  return hri.filter((r) => r.isValid).map((r, index) => ({ symbologyIdentifier: r.symbologyIdentifier, hri: r.text, plain: plain[index]?.text ?? '' }));
}

/** The DataMatrix codes of a PNG file's bytes. */
export const readDataMatrixPng = (png: Uint8Array) => readDataMatrix(png);

/** The DataMatrix codes on a PDF's first page as poppler renders it (300 dpi). */
export function readDataMatrixOnFirstPage(pdf: Buffer): Promise<DataMatrixRead[]> {
  const { width, height, gray } = renderFirstPage(pdf, 300);
  const data = new Uint8ClampedArray(width * height * 4);
  gray.forEach((value, index) => data.set([value, value, value, 255], index * 4));
  return readDataMatrix({ data, width, height });
}
