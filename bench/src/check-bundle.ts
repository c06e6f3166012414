import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cameraChunks, loginPageBudgetKb, measureBundle } from './bundle-size.ts';

/**
 * Fails when the login page's JavaScript is over its budget, or when the camera's decoder or its
 * wasm (issue 32) is in the first load. `npm test` runs it right after the web build the browser
 * suite needs, so it costs no build of its own. The dist defaults to apps/web/dist; a directory
 * given as the argument is measured instead.
 */
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../../apps/web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No web build at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const { loginPageKb, loginPageFiles } = measureBundle(dist);
const summary = `Login page JavaScript: ${loginPageKb} KiB gzip over ${loginPageFiles.length} files (budget ${loginPageBudgetKb} KiB).`;
if (loginPageKb > loginPageBudgetKb) {
  console.error(`${summary}\nOver budget. Files: ${loginPageFiles.join(', ')}.\nSee "The login page stays under 250 KB" in docs/decisions/platform.md for what keeps it small.`);
  process.exit(1);
}
console.log(summary);

const camera = cameraChunks(dist);
// Without the decoder's chunk and the wasm the check below would prove nothing: a renamed file must fail it.
if (!camera.files.some((f) => /zxing-detector-.*\.js$/.test(f)) || !camera.files.some((f) => f.endsWith('.wasm'))) {
  console.error(`The camera's decoder chunk (zxing-detector-*.js) or its wasm (zxing_reader-*.wasm) is not in ${dist}/assets: found ${camera.files.join(', ') || 'nothing'}.`);
  process.exit(1);
}
if (camera.inFirstLoad.length > 0) {
  console.error(`The camera's decoder is in the first load: ${camera.inFirstLoad.join(', ')}. It must be imported only when the camera opens (components/scan/barcode-decoder.ts).`);
  process.exit(1);
}
console.log(`Camera decoder out of the first load: ${camera.files.join(', ')}.`);
