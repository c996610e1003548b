// Helpers shared by the root scripts: running commands, staleness of builds, finding Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/**
 * Node's options for the API server wherever it is started for real (npm start, npm run bench,
 * bench:web, bench/pair.mjs; docs/operations.md gives the same). A young generation of 32 MB a
 * semi-space instead of V8's 16: every catalogue answer allocates (rows as strings, objects, the
 * JSON), and at 50 connections the scavenges of a 16 MB space were a fifth of its CPU and
 * copied the objects of every request in flight. Measured paired (bench/pair.mjs, same bundle):
 * 0.75–0.80× the API's CPU per request on light lists and searches; 64 MB gave nothing more
 * (docs/decisions/062-api-young-generation-32-mb.md).
 */
export const API_NODE_OPTIONS = ['--max-semi-space-size=32'];

/**
 * Loads the repository's `.env` into process.env when it exists (Node's process.loadEnvFile: a
 * variable the environment already has keeps its value). Children started with process.env see it.
 */
export function loadEnvIfPresent(file = join(root, '.env')) {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builds = [
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
    command: ['npm', ['run', 'build', '-w', '@torget/web']],
  },
  {
    name: 'API',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src'],
    command: ['npm', ['run', 'build', '-w', '@torget/api']],
  },
];

/** Runs `work` while holding a lock folder, so concurrent runs never build into one dist at once. */
async function withBuildLock(work) {
  const lock = join(root, 'node_modules', '.torget-build-lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than ten minutes was left by a killed run.
      if (Date.now() - started > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds the web app and the API when their output is missing or older than their sources. */
export function buildIfStale() {
  return withBuildLock(buildStale);
}

async function buildStale() {
  for (const b of builds) {
    const output = join(root, b.output);
    const outputTime = existsSync(output) ? statSync(output).mtimeMs : 0;
    const inputTime = Math.max(...b.inputs.map((p) => newestMtime(join(root, p))));
    if (outputTime >= inputTime) continue;
    console.log(`Building the ${b.name}…`);
    const code = await run(...b.command);
    if (code !== 0) throw new Error(`Building the ${b.name} failed (exit ${code}).`);
  }
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium that browser tests drive: CHROMIUM_PATH, else Debian's headless shell
 * (chromium-headless-shell, the build Playwright itself runs headless tests in), else Debian's
 * chromium. The shell has no browser window code to run and ran the browser tests in 71 % of the
 * full browser's time (docs/decisions/307-browser-test-time.md). `{ shell: false }` asks for the
 * full browser only (Lighthouse measures what a visitor's browser does). When none is there and
 * we are root on Debian, both are installed with apt-get; otherwise we stop and say how.
 */
export function ensureChromium({ shell = true } = {}) {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, and there is no such file.`);
  }
  const found = () => (shell ? [HEADLESS_SHELL, FULL_CHROMIUM] : [FULL_CHROMIUM]).find((path) => existsSync(path));
  const present = found();
  if (present) return present;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing; installing Debian's chromium-headless-shell and chromium packages…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const packages = ['chromium-headless-shell', 'chromium', 'fonts-dejavu-core'];
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    const installed = install.status === 0 ? found() : undefined;
    if (installed) return installed;
  }
  throw new Error(
    'Browser tests need Chromium. Install it (Debian: sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.',
  );
}
