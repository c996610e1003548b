import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES, loadConfig } from '#api/env.ts';

const EXAMPLE = join(import.meta.dirname, '../../../.env.example');

/** Each `# NAME=value` line of .env.example: every variable is written commented out, at its default. */
function exampleLines(): Map<string, string> {
  const lines = readFileSync(EXAMPLE, 'utf8').split('\n');
  const entries = lines.flatMap((line) => {
    const match = /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return match ? [[match[1] ?? '', match[2] ?? ''] as const] : [];
  });
  return new Map(entries);
}

describe.runIf(process.env.TORGET_TEST_DB === 'pglite')('.env.example', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-env-example-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists every variable the server reads, and no other', () => {
    const listed = [...exampleLines().keys()];
    expect(ENVIRONMENT_VARIABLES.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
    expect(ENVIRONMENT_VARIABLES).toContain('MIGRATE_ON_START');
    expect(ENVIRONMENT_VARIABLES).toContain('RATE_LIMIT_SIGNIN');
  });

  it('gives each its real default: the example taken as it stands configures what no setting does', () => {
    // Lines without a value stand for "unset" (a generated or derived default).
    const given = Object.fromEntries([...exampleLines()].filter(([, value]) => value !== ''));
    expect(Object.keys(given).length).toBeGreaterThan(30);
    const fromExample = loadConfig({ ...given, DATA_DIR: dataDir });
    const withNothing = loadConfig({ DATA_DIR: dataDir });
    expect(fromExample).toEqual(withNothing);
  });
});
