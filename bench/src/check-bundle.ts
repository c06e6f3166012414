import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loginPageBudgetKb, measureBundle } from './bundle-size.ts';

/**
 * Fails when the login page's JavaScript is over its budget. `npm test` runs it right after
 * the web build the browser suite needs, so it costs no build of its own. The dist defaults
 * to apps/web/dist; a directory given as the argument is measured instead.
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
