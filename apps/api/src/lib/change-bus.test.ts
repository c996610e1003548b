import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { groupedSending, MESSAGE_TAG_BYTES, tagRuns } from './change-bus';
import { narrowedTag } from './read-cache';

/** A send that waits until the test lets it finish, recording what it was given. */
function controlledSend() {
  const sent: string[][] = [];
  const finish: Array<(error?: Error) => void> = [];
  const send = (tags: string[]) => {
    sent.push(tags);
    return new Promise<void>((resolve, reject) => {
      finish.push((error) => (error ? reject(error) : resolve()));
    });
  };
  return { sent, finish, send };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('groupedSending', () => {
  it('sends at once when idle, and gathers what comes meanwhile into one message', async () => {
    const { sent, finish, send } = controlledSend();
    const publish = groupedSending(send);
    const first = publish(['product:1']);
    expect(sent).toEqual([['product:1']]);

    const settled: string[] = [];
    const second = publish(['product:2', 'seller:9']).then(() => settled.push('second'));
    const third = publish(['product:3', 'product:2']).then(() => settled.push('third'));
    await turn();
    expect(sent).toHaveLength(1);

    finish[0]?.();
    await first;
    await turn();
    expect(sent).toEqual([['product:1'], ['product:2', 'seller:9', 'product:3']]);
    expect(settled).toEqual([]);

    finish[1]?.();
    await Promise.all([second, third]);
    expect(settled).toEqual(['second', 'third']);

    // Idle again: the next change goes out at once.
    const fourth = publish(['product:4']);
    expect(sent.at(-1)).toEqual(['product:4']);
    finish[2]?.();
    await fourth;
  });

  it('a failed send fails its own callers only, and what was gathered still goes', async () => {
    const { sent, finish, send } = controlledSend();
    const publish = groupedSending(send);
    const first = publish(['a']);
    const second = publish(['b']);
    finish[0]?.(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await turn();
    expect(sent).toEqual([['a'], ['b']]);
    finish[1]?.();
    await expect(second).resolves.toBeUndefined();
  });
});

describe('tagRuns', () => {
  it('keeps every message under the NOTIFY limit, each tag once and in order', () => {
    const tags = Array.from({ length: 700 }, (_, i) => `product:${randomUUID()}:${i}`);
    // Narrowed tags of edits, with names of quotes and of letters of three UTF-8 bytes each.
    for (const name of ['"'.repeat(200), '漢'.repeat(200), 'Möbler för "hemmet"']) {
      tags.push(
        narrowedTag('category:Möbler', [
          { name, category: 'Möbler' },
          { name, category: 'Möbler' },
        ]),
      );
    }
    const runs = tagRuns(tags);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.flat()).toEqual(tags);
    for (const run of runs) {
      const payload = JSON.stringify({ from: randomUUID(), tags: run });
      expect(Buffer.byteLength(payload)).toBeLessThan(8000);
      expect(Buffer.byteLength(JSON.stringify(run))).toBeLessThanOrEqual(MESSAGE_TAG_BYTES + 2);
    }
    expect(tagRuns(['one', 'two'])).toEqual([['one', 'two']]);
    expect(tagRuns([])).toEqual([]);
  });
});
