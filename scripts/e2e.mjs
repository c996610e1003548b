// npm run test:e2e: builds, then runs the Playwright specs in Debian's Chromium against the real
// server started on a fresh data folder (so the demo data is seeded anew).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, ensureChromium, run } from './lib.mjs';

let chromium;
try {
  chromium = ensureChromium();
  await buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'torget-e2e-'));
const env = { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir };
const args = process.argv.slice(2);
// Each run writes traces and screenshots of failures to its own folder, so runs never clear
// each other's; pass --output to keep them somewhere else.
if (!args.some((a) => a.startsWith('--output'))) args.push(`--output=${join(dataDir, 'test-results')}`);
const code = await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...args], { env });
if (code !== 0) console.log(`Failure traces and screenshots: ${join(dataDir, 'test-results')}`);
else rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
