// The PGlite worker thread from its TypeScript source (tests, development), through tsx: a
// worker thread does not inherit the loader its starting thread runs TypeScript with.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker-thread.ts', import.meta.url);
