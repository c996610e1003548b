/**
 * How instances tell each other what changed, so each drops the same cache entries
 * (lib/cache-changes.ts): Redis pub/sub when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY
 * when the database is a PostgreSQL server, else nothing (PGlite: one process, nobody to tell).
 * A message is the tags that changed and the sender's id; a sender ignores its own messages.
 * A lost message costs at most an entry's time-to-live of staleness.
 *
 * Messages are grouped (groupedSending): while one is on its way, the tags published meanwhile
 * wait and leave together when it is done. Idle, a change goes out at once; under 450 orders a
 * second, one NOTIFY (a statement and a transaction of its own) carried several orders' tags
 * instead of one each.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Notifications } from '#api/db/client.ts';
import { ALL_TAGS } from './read-cache';
import { redisIsUp } from './redis-connection';

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

/**
 * Most bytes of tags in one message, as its JSON writes them: PostgreSQL refuses a NOTIFY payload
 * of 8 000 bytes or more, so a long list goes as several messages. Counted in UTF-8 bytes of the
 * JSON text: a category's name may be Swedish, and an edit's narrowed tags hold product names and
 * quotes, which JSON escapes (read-cache.ts, narrowedTag).
 */
export const MESSAGE_TAG_BYTES = 6000;

/** `tags` in runs of at most MESSAGE_TAG_BYTES bytes of JSON (a longer tag alone in its run). */
export function tagRuns(tags: readonly string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let bytes = 0;
  for (const tag of tags) {
    const size = Buffer.byteLength(JSON.stringify(tag)) + 1; // with the comma after it
    if (run.length > 0 && bytes + size > MESSAGE_TAG_BYTES) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(tag);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A promise with its settling functions (Promise.withResolvers is Node 22's). */
function deferred(): Deferred {
  let resolve = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A publish function that sends through `send` one message at a time: tags published while one
 * is being sent are gathered (each once) and sent together after it. Each call's promise settles
 * when its tags have been sent (or sending them failed).
 */
export function groupedSending(send: (tags: string[]) => Promise<void>): (tags: readonly string[]) => Promise<void> {
  let gathered: Set<string> | null = null;
  let gatheredSent: Deferred | null = null;
  let sending = false;

  const sendRuns = async (tags: readonly string[]) => {
    for (const run of tagRuns(tags)) await send(run);
  };
  const sendGathered = (): void => {
    if (!gathered || !gatheredSent) {
      sending = false;
      return;
    }
    const tags = [...gathered];
    const settle = gatheredSent;
    gathered = null;
    gatheredSent = null;
    sendRuns(tags).then(settle.resolve, settle.reject).then(sendGathered);
  };

  return (tags) => {
    if (!sending) {
      sending = true;
      const sent = sendRuns(tags);
      sent.then(sendGathered, sendGathered);
      return sent;
    }
    gathered ??= new Set();
    for (const tag of tags) gathered.add(tag);
    gatheredSent ??= deferred();
    return gatheredSent.promise;
  };
}

export const localChangeBus: ChangeBus = {
  kind: 'local',
  publish: async () => {},
  start: async () => {},
  stop: async () => {},
};

/**
 * Pub/sub on `channel`; the subscription takes a connection of its own (Redis's rule). While
 * Redis is away nothing is published (the writer has dropped its own entries already) and
 * `start` does not wait for it: the subscription is made when Redis is back, and then this
 * instance drops its whole cache, as it missed what the others changed meanwhile.
 */
export function redisChangeBus(redis: Redis, channel: string): ChangeBus {
  const self = randomUUID();
  let subscriber: Redis | null = null;
  return {
    kind: 'redis',
    publish: groupedSending(async (tags) => {
      if (!redisIsUp(redis)) return;
      await redis.publish(channel, JSON.stringify({ from: self, tags } satisfies Message));
    }),
    async start(onChange) {
      // Its subscribe command waits for a connection, however long Redis is away.
      const connection = redis.duplicate({ maxRetriesPerRequest: null });
      subscriber = connection;
      connection.on('message', (from: string, payload: string) => {
        if (from !== channel) return;
        const tags = parse(payload, self);
        if (tags) onChange(tags);
      });
      let missed = false;
      // Failures are logged once by the shared connection's watcher (redis-connection.ts).
      connection.on('error', () => (missed = true));
      connection.on('close', () => (missed = true));
      // ioredis subscribes again by itself after a reconnect.
      connection.on('ready', () => {
        if (!missed) return;
        missed = false;
        onChange([ALL_TAGS]);
      });
      // Waits for the subscription, or for the first failure to connect: Redis is down, and the
      // command stays queued until it is back (it fails only when stop() ends the connection).
      const subscribed = connection.subscribe(channel).then(
        () => {},
        () => {},
      );
      const failed = new Promise<void>((resolve) => connection.once('error', () => resolve()));
      await Promise.race([subscribed, failed]);
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
    publish: groupedSending(async (tags) => {
      await notifications.notify(channel, JSON.stringify({ from: self, tags } satisfies Message));
    }),
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
