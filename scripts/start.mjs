// npm start: builds what is missing, then runs the marketplace (migrates, seeds demo data on
// the first start of an empty database, and listens on PORT, 3000 by default).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_NODE_OPTIONS, buildIfStale, loadEnvIfPresent, root, run } from './lib.mjs';

if (!existsSync(join(root, 'node_modules'))) {
  console.error('Dependencies are not installed. Run: npm ci');
  process.exit(1);
}
try {
  await buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// Settings from .env when there is one (.env.example lists them); what the environment already
// says wins, as with Node's --env-file.
loadEnvIfPresent();
const env = { NODE_ENV: 'production', ...process.env };
const serverArgs = ['--enable-source-maps', ...API_NODE_OPTIONS, 'apps/api/dist/server.js'];
process.exitCode = await run(process.execPath, serverArgs, { env });
