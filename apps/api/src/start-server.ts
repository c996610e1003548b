/**
 * Opens the database, migrates, seeds the demo marketplace into an empty database, and listens.
 * Used by server.ts and by tests that start the real server on a data folder.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from '#api/app.ts';
import { imageStorageFor } from '#api/app-deps.ts';
import { type Database, openDatabase } from '#api/db/client.ts';
import { migrate } from '#api/db/migrate.ts';
import type { Config } from '#api/env.ts';
import { loggerOptions } from '#api/lib/logging.ts';
import { outboxWarning } from '#api/lib/mailer.ts';
import { type DemoSignIn, seedDemoIfEmpty } from '#api/seed/seed.ts';

export interface RunningServer {
  app: App;
  database: Database;
  /** The demo sign-ins when this start seeded the database, otherwise null. */
  seeded: DemoSignIn[] | null;
  url: string;
  close(): Promise<void>;
}

/** The built web app beside this package (apps/web/dist), from src/ and from dist/ alike. */
function defaultWebDist(): string | undefined {
  const candidate = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return existsSync(join(candidate, 'index.html')) ? candidate : undefined;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    poolReads: config.databasePoolReads,
    pgliteWorker: config.pgliteWorker ?? true,
    ...(config.pgliteWorkerNice === undefined ? {} : { pgliteWorkerNice: config.pgliteWorkerNice }),
  });
  try {
    // MIGRATE_ON_START=off: the operator migrates with `npm run db:migrate` before starting.
    if (config.migrateOnStart !== false) await migrate(database);
    const storage = imageStorageFor(config);
    const seeded = config.seedDemo ? await seedDemoIfEmpty(database, { storage }) : null;
    const app = await buildApp({
      database,
      storage,
      config: { ...config, webDist: config.webDist ?? defaultWebDist() },
      logger: loggerOptions(config.logLevel),
    });
    const mailWarning = outboxWarning(config);
    if (mailWarning) {
      // On stderr whatever LOG_LEVEL says: an operator must see it at the first start.
      console.warn(mailWarning);
      app.log.warn('SMTP_URL is not set in production: mails go to the local outbox');
    }
    const address = await app.listen({ port: config.port, host: config.host });
    const port = new URL(address).port;
    return {
      app,
      database,
      seeded,
      url: `http://localhost:${port}`,
      async close() {
        // Fastify stops accepting connections and waits for requests in flight to finish.
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
