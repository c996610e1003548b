// Bundles the API into dist/server.js, and the PGlite worker thread's module into
// dist/pglite-worker-thread.js beside it (db/pglite-worker.ts starts it from there). Our own
// workspace code (including @torget/shared, which ships TypeScript) is bundled; packages from
// node_modules stay external and load at run time.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@torget/'));

await build({
  entryPoints: { server: 'src/server.ts', 'pglite-worker-thread': 'src/db/pglite-worker-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The functions and triggers the server applies at start (src/db/sql-definitions.ts finds them
// beside the bundle); copied afresh, so a file deleted from src/db/sql is gone from dist too.
rmSync('dist/sql', { recursive: true, force: true });
cpSync('src/db/sql', 'dist/sql', { recursive: true });
