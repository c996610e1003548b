// npm test: lint, types, unit and API tests (on PGlite, and on PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tests and the web app's bundle size check. Ends with one plain line:
// "tests: N passed, N failed".
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib.mjs';

const reports = mkdtempSync(join(tmpdir(), 'torget-test-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  [
    'browser tests',
    'node',
    ['scripts/e2e.mjs', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  ],
  // After the browser tests, which build the web app: its size budget and code splitting.
  ['bundle size', 'node', ['scripts/check-bundle.mjs']],
];

const failedSteps = [];
for (const [name, command, args, extraEnv] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const code = await run(command, args, { env: { ...process.env, ...extraEnv } });
  if (code !== 0) failedSteps.push(name);
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}
let passed = 0;
let failed = 0;
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
const playwright = readJson(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}
rmSync(reports, { recursive: true, force: true });
// The bundle check counts as one test.
if (failedSteps.includes('bundle size')) failed += 1;
else passed += 1;

console.log('');
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
