// The web app's size budget (part of npm test): the JavaScript a browser loads for `/` (the
// entry script of index.html and the modules it preloads), gzip-compressed, must stay within
// 121 KB (docs/decisions/296); and the admin and seller screens must be chunks of their own, not in that load.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, root } from './lib.mjs';

export const BUDGET_BYTES = 121 * 1024;
/** Chunk names of screens that only admins and sellers open: never in the first load. */
const RESTRICTED =
  /(^|[/-])(admin-|user-list-page|user-edit-page|product-list-page|product-edit-page|my-shop-menu-page|seller-profile-page|payouts-page|finances-page|statement-page|application-queue-page)/;

try {
  await buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const dist = join(root, 'apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(match[1]);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(match[1]);

const problems = [];
let total = 0;
console.log('JavaScript loaded for /:');
for (const file of files) {
  const bytes = readFileSync(join(dist, file.replace(/^\//, '')));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(
    `  ${file.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  gzip ${(gzipped / 1024).toFixed(1).padStart(6)} KB`,
  );
  if (RESTRICTED.test(file)) problems.push(`${file} is an admin or seller screen, loaded for /.`);
}
console.log(`  total gzip ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_BYTES / 1024} KB)`);
if (files.size === 0) problems.push('index.html loads no module script.');
if (total > BUDGET_BYTES) {
  problems.push(
    `The JavaScript for / is ${(total / 1024).toFixed(1)} KB gzip, over the ${BUDGET_BYTES / 1024} KB budget.`,
  );
}

const chunks = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
const split = chunks.filter((name) => RESTRICTED.test(name));
if (split.length === 0) problems.push('No admin or seller screen is a chunk of its own: are the routes code-split?');
else console.log(`Admin and seller screens in chunks of their own: ${split.length}`);

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log('✓ bundle within budget and code-split');
