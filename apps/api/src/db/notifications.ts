/** PostgreSQL's LISTEN/NOTIFY between the API's instances on one database (lib/change-bus.ts). */
import pg from 'pg';
import type { PriorityPool } from './priority-pool';

export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  /** Listens on its own connection (reconnecting after a loss); answers how to stop. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/** NOTIFY through the pool; LISTEN on a connection of its own, opened again when it is lost. */
export function postgresNotifications(pool: PriorityPool, url: string): Notifications {
  return {
    async notify(channel, payload) {
      // A write's notice: it takes a writer's place, not a read's (priority-pool.ts).
      await pool.writers.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage) {
      let stopped = false;
      let client: pg.Client | null = null;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
        });
        next.on('error', () => {
          // Lost: listen again on a new connection (what was said meanwhile is bounded by the
          // cache's time-to-live).
          if (client === next) client = null;
          next.end().catch(() => {});
          if (!stopped) setTimeout(() => void connect().catch(() => {}), 500).unref();
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end();
      };
    },
  };
}
