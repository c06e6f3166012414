// The package ships no types: what gs1-parse.ts reads of it.
declare module 'gs1-barcode-parser-mod' {
  export interface ParsedElement {
    ai: string;
    dataTitle: string;
    /** The characters the element was read from, as scanned. */
    raw: string;
  }
  export function parseBarcode(barcode: string): { codeName: string; parsedCodeItems: ParsedElement[] };
}
