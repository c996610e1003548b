/**
 * How instances tell each other what changed, so each drops the same cache entries
 * (lib/cache-changes.ts): Redis pub/sub when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY
 * when the database is a PostgreSQL server, else nothing (PGlite: one process, nobody to tell).
 * A message is the tags that changed and the sender's id; a sender ignores its own messages.
 * A lost message costs at most an entry's time-to-live of staleness.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Notifications } from '#api/db/client.ts';

export interface ChangeBus {
  /** 'redis', 'postgres' or 'local': for logs and tests. */
  kind: string;
  publish(tags: readonly string[]): Promise<void>;
  /** Starts hearing other instances; `onChange` gets the tags they published. */
  start(onChange: (tags: string[]) => void): Promise<void>;
  stop(): Promise<void>;
}

interface Message {
  from: string;
  tags: readonly string[];
}

function parse(payload: string, self: string): string[] | null {
  try {
    const message = JSON.parse(payload) as Partial<Message>;
    if (message.from === self || !Array.isArray(message.tags)) return null;
    return message.tags.filter((t): t is string => typeof t === 'string');
  } catch {
    return null;
  }
}

export const localChangeBus: ChangeBus = {
  kind: 'local',
  publish: async () => {},
  start: async () => {},
  stop: async () => {},
};

/** Pub/sub on `channel`; the subscription takes a connection of its own (Redis's rule). */
export function redisChangeBus(redis: Redis, channel: string): ChangeBus {
  const self = randomUUID();
  let subscriber: Redis | null = null;
  return {
    kind: 'redis',
    async publish(tags) {
      await redis.publish(channel, JSON.stringify({ from: self, tags } satisfies Message));
    },
    async start(onChange) {
      subscriber = redis.duplicate();
      subscriber.on('message', (from: string, payload: string) => {
        if (from !== channel) return;
        const tags = parse(payload, self);
        if (tags) onChange(tags);
      });
      // ioredis subscribes again by itself after a reconnect.
      await subscriber.subscribe(channel);
    },
    async stop() {
      subscriber?.disconnect();
      subscriber = null;
    },
  };
}

/** NOTIFY/LISTEN on `channel` of the one database every instance uses. */
export function postgresChangeBus(notifications: Notifications, channel: string): ChangeBus {
  const self = randomUUID();
  let unlisten: (() => Promise<void>) | null = null;
  return {
    kind: 'postgres',
    async publish(tags) {
      await notifications.notify(channel, JSON.stringify({ from: self, tags } satisfies Message));
    },
    async start(onChange) {
      unlisten = await notifications.listen(channel, (payload) => {
        const tags = parse(payload, self);
        if (tags) onChange(tags);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
    },
  };
}
