import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` runs bench/src/check-bundle.ts on the real build after `npm run build`; here it
// measures small hand-made builds, so the budget's arithmetic is tested without a build.
const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'erp-check-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * An entry importing a vendor chunk, a lazy login chunk, and a lazy screen whose scan box loads
 * the camera's view lazily, which loads the decoder (and its wasm) lazily; `camera` changes that.
 * Base64 of random bytes gzips back to about the bytes.
 */
function fakeBuild(name: string, vendorKb: number, screenKb: number, camera: 'lazy' | 'eager' | 'none' = 'lazy'): string {
  const dist = join(work, name);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const filler = (kb: number) => `/*${randomBytes(kb * 1024).toString('base64')}*/`;
  writeFileSync(join(dist, 'index.html'), '<script type="module" src="/assets/index-a1.js"></script>');
  writeFileSync(join(dist, 'assets/index-a1.js'), 'import{r}from"./vendor-b2.js";const l=()=>import("./login-page-c3.js"),s=()=>import("./screen-d4.js");');
  writeFileSync(join(dist, 'assets/vendor-b2.js'), `export const r=1;${filler(vendorKb)}`);
  writeFileSync(join(dist, 'assets/login-page-c3.js'), 'export const LoginPage=1;');
  writeFileSync(join(dist, 'assets/screen-d4.js'), `export const S=1;const c=()=>import("./camera-scan-e5.js");${filler(screenKb)}`);
  if (camera === 'none') return dist;
  writeFileSync(join(dist, 'assets/camera-scan-e5.js'), 'const d=()=>import("./zxing-detector-f6.js");export const CameraScan=1;');
  writeFileSync(join(dist, 'assets/zxing-detector-f6.js'), 'const w="/assets/zxing_reader-g7.wasm";function readBarcodesFromImage(){}export const B=1;');
  writeFileSync(join(dist, 'assets/zxing_reader-g7.wasm'), 'wasm');
  if (camera === 'eager') writeFileSync(join(dist, 'assets/vendor-b2.js'), `import"./zxing-detector-f6.js";export const r=1;${filler(vendorKb)}`);
  return dist;
}

const check = (dist: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/src/check-bundle.ts', dist], { cwd: root, encoding: 'utf8', timeout: 20_000 });

describe('the login page budget check (issue 18)', () => {
  it('passes a login page under 250 KiB, however large the lazy screens', () => {
    const result = check(fakeBuild('small', 200, 400));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Login page JavaScript: 20[01](\.\d)? KiB gzip over 3 files \(budget 250 KiB\)/);
  });

  it('fails a login page over 250 KiB and names its files', () => {
    const result = check(fakeBuild('large', 260, 10));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Over budget');
    expect(result.stderr).toContain('assets/vendor-b2.js');
  });
});

describe('the camera decoder check (issue 32, section 7)', () => {
  it('passes a build whose decoder and wasm load only when the camera opens', () => {
    const result = check(fakeBuild('camera-lazy', 10, 10));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Camera decoder out of the first load: assets/camera-scan-e5.js, assets/zxing-detector-f6.js, assets/zxing_reader-g7.wasm.');
  });

  it('fails a build whose first load imports the decoder, naming the files', () => {
    const result = check(fakeBuild('camera-eager', 10, 10, 'eager'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The camera's decoder is in the first load: assets/zxing-detector-f6.js.");
  });

  it('fails a build with no decoder chunk or wasm to check', () => {
    const result = check(fakeBuild('camera-none', 10, 10, 'none'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The camera's decoder chunk (zxing-detector-*.js) or its wasm (zxing_reader-*.wasm) is not in");
  });
});
