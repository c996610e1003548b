// npm run dev: the API from source with reload on change, and Vite's dev server (which proxies
// /api and /uploads to the API). Open the address Vite prints.
import { spawn } from 'node:child_process';
import { loadEnvIfPresent, root } from './lib.mjs';

// Settings from .env when there is one (.env.example lists them); what the environment already
// says wins, as with Node's --env-file.
loadEnvIfPresent();
const children = [
  // Mail links and canonical URLs point at the public origin: here Vite's address, which serves the pages.
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { cwd: `${root}/apps/web`, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
