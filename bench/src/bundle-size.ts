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

/**
 * The JavaScript the login page loads: the entry and the chunks index.html preloads, plus
 * the login screen's own lazy chunk. The largest lazy chunk is the largest of the rest.
 */
export function measureBundle(distDir: string): BundleSizes {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const eager = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string));
  const assets = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const gz = (file: string) => gzipSync(readFileSync(join(distDir, file))).length;
  const login = assets.filter((f) => /^login/i.test(f)).map((f) => `assets/${f}`);
  const loginFiles = withStaticImports(distDir, [...eager, ...login]);
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
