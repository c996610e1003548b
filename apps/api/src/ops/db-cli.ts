/**
 * `npm run db:<command>`: migrate, seed, reset, move. Reads the same environment as the server
 * (env.ts; `.env` is loaded by the npm script when present) and prints what it did; a refusal
 * or a failure exits with 1 and says why on stderr.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { migrate } from '#api/db/migrate.ts';
import { loadConfig } from '#api/env.ts';
import { describeDatabase, openCommandDatabase, resetDatabase, seedDatabase } from './db-commands';
import { moveToPostgres } from './db-move';

const USAGE = `Usage:
  npm run db:migrate                         apply the migrations
  npm run db:seed                            write the demo marketplace into an empty database
  npm run db:reset [-- --yes]                delete everything, migrate, and seed the demo (SEED_DEMO)
  npm run db:move -- --to postgres://…       copy the PGlite data folder into an empty PostgreSQL database`;

class Refusal extends Error {}

async function confirmed(what: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`This deletes every row of ${what}. Type "yes" to go on: `);
    return answer.trim().toLowerCase() === 'yes';
  } finally {
    prompt.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { yes: { type: 'boolean', default: false }, to: { type: 'string' }, from: { type: 'string' } },
  });
  const command = positionals[0];
  const config = loadConfig();
  const where = describeDatabase(config);

  if (command === 'move') {
    if (!values.to)
      throw new Refusal(`db:move needs the target: npm run db:move -- --to postgres://user@host/database`);
    const report = await moveToPostgres({ dataDir: values.from ?? config.dataDir, targetUrl: values.to });
    console.log(report.text);
    if (!report.ok) process.exitCode = 1;
    return;
  }
  if (command !== 'migrate' && command !== 'seed' && command !== 'reset') throw new Refusal(USAGE);

  if (command === 'reset' && !values.yes && !(await confirmed(where))) {
    throw new Refusal(
      `Not reset: db:reset deletes every row of ${where}. Confirm at the prompt, or run: npm run db:reset -- --yes`,
    );
  }
  const database = await openCommandDatabase(config);
  try {
    if (command === 'migrate') {
      await migrate(database);
      console.log(`Migrated ${where}.`);
      return;
    }
    if (command === 'reset') {
      await resetDatabase(database);
      console.log(`Reset ${where}: emptied and migrated.`);
      if (!config.seedDemo) return;
    }
    const outcome = await seedDatabase(database, config);
    if (!outcome.seeded) {
      throw new Refusal(
        `Not seeded: ${where} is not empty (${outcome.users} users). db:seed writes the demo only into an empty database; npm run db:reset empties it first.`,
      );
    }
    console.log(`Seeded the demo marketplace into ${where}. Sign in with:`);
    for (const s of outcome.signIns) console.log(`  ${s.role.padEnd(10)} ${s.email.padEnd(28)} ${s.password}`);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Refusal ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
