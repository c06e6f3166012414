import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 18: the login page's JavaScript, KiB of gzip, as `measureBundle` counts it. */
export const loginPageBudgetKb = 250;

export interface BundleSizes {
  loginPageKb: number;
  loginPageFiles: string[];
  largestLazyChunk: { file: string; kb: number };
  /** What the command palette's first open downloads: its chunk and the chunks it imports that the login page did not load (issue 18: <= 15 KB). */
  paletteKb: number;
  paletteFiles: string[];
}

/** The files and every chunk they import statically (`import("...")` is lazy and left out). */
function withStaticImports(distDir: string, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) visit(`assets/${match[1]}`);
  };
  files.forEach(visit);
  return [...seen];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** What index.html loads itself: its entry script and the chunks it preloads. */
function eagerFiles(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return [...new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string))];
}

/** The login page's files: the eager ones, the login screen's own lazy chunk, and every chunk they import statically. */
function loginPageFiles(distDir: string): string[] {
  const login = readdirSync(join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js') && /^login/i.test(f))
    .map((f) => `assets/${f}`);
  return withStaticImports(distDir, [...eagerFiles(distDir), ...login]);
}

/**
 * The JavaScript the login page loads: the entry and the chunks index.html preloads, plus
 * the login screen's own lazy chunk. The largest lazy chunk is the largest of the rest.
 */
export function measureBundle(distDir: string): BundleSizes {
  const assets = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const gz = (file: string) => gzipSync(readFileSync(join(distDir, file))).length;
  const loginFiles = loginPageFiles(distDir);
  const lazy = assets.map((f) => `assets/${f}`).filter((f) => !loginFiles.includes(f));
  const largest = lazy.map((file) => ({ file, kb: kb(gz(file)) })).sort((a, b) => b.kb - a.kb)[0] ?? { file: '-', kb: 0 };
  const palette = withStaticImports(
    distDir,
    assets.filter((f) => /^command-palette/.test(f)).map((f) => `assets/${f}`),
  ).filter((f) => !loginFiles.includes(f));
  return {
    loginPageKb: kb(loginFiles.reduce((sum, f) => sum + gz(f), 0)),
    loginPageFiles: loginFiles,
    largestLazyChunk: largest,
    paletteKb: kb(palette.reduce((sum, f) => sum + gz(f), 0)),
    paletteFiles: palette,
  };
}

/** Issue 32: the camera's view, its decoder (the barcode-detector ponyfill with ZXing's glue) and ZXing's wasm. */
const cameraFile = /^(camera-scan|zxing-detector)-[\w-]+\.js$|^zxing_reader-[\w-]+\.wasm$/;
/** A function of ZXing's glue code: a chunk holding it holds the decoder, whatever it is named. */
const decoderCode = 'readBarcodesFromImage';

export interface CameraChunks {
  /** The camera's files in the build. */
  files: string[];
  /** What puts the camera in the first load: a camera file among the login page's files, one of them holding the decoder, or one naming the wasm. */
  inFirstLoad: string[];
}

/**
 * Where the camera's files are (issue 32, section 7): they must load when a camera opens, never
 * with the login page (its files as `measureBundle` counts them, index.html included).
 */
export function cameraChunks(distDir: string): CameraChunks {
  const files = readdirSync(join(distDir, 'assets'))
    .filter((f) => cameraFile.test(f))
    .map((f) => `assets/${f}`);
  const wasm = files.filter((f) => f.endsWith('.wasm')).map((f) => f.slice('assets/'.length));
  const firstLoad = loginPageFiles(distDir);
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const inFirstLoad = [
    ...firstLoad.filter((f) => {
      const code = readFileSync(join(distDir, f), 'utf8');
      return files.includes(f) || code.includes(decoderCode) || wasm.some((w) => code.includes(w));
    }),
    ...(wasm.some((w) => html.includes(w)) ? ['index.html'] : []),
  ];
  return { files, inFirstLoad };
}
