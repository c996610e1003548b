/** The marketplace process: reads the environment, starts, and stops cleanly on a signal. */
import { loadConfig } from '#api/env.ts';
import { startServer } from '#api/start-server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  if (server.seeded) {
    console.log('\nDemo marketplace seeded. Sign in with:');
    for (const s of server.seeded) console.log(`  ${s.role.padEnd(10)} ${s.email.padEnd(28)} ${s.password}`);
  }
  console.log(`\nTorget is running on ${server.url} (database: ${server.database.kind})\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'stopping');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
