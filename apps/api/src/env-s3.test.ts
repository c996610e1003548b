import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/env.ts';

describe.runIf(process.env.TORGET_TEST_DB === 'pglite')('object storage configuration (S3_*)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-env-s3-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };

  it('keeps uploads in the folder without S3_BUCKET', () => {
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it('reads every S3_* setting when S3_BUCKET is set', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'torget-bilder',
      S3_REGION: 'eu-north-1',
      S3_ENDPOINT: 'https://s3.example.se',
      S3_ACCESS_KEY_ID: 'nyckel',
      S3_SECRET_ACCESS_KEY: 'hemlig',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://bilder.example.se/',
      S3_TIMEOUT_MS: '2500',
    });
    expect(config.s3).toEqual({
      bucket: 'torget-bilder',
      region: 'eu-north-1',
      endpoint: 'https://s3.example.se',
      accessKeyId: 'nyckel',
      secretAccessKey: 'hemlig',
      forcePathStyle: true,
      publicUrl: 'https://bilder.example.se/',
      timeoutMs: 2500,
    });
  });

  it('waits 5 s for the service unless S3_TIMEOUT_MS says otherwise, and refuses a timeout that is not one', () => {
    const needed = { S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(loadConfig({ ...base, ...needed }).s3?.timeoutMs).toBe(5000);
    expect(() => loadConfig({ ...base, ...needed, S3_TIMEOUT_MS: 'soon' })).toThrow(/S3_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, ...needed, S3_TIMEOUT_MS: '0' })).toThrow(/S3_TIMEOUT_MS/);
  });

  it('names what is missing or malformed, and S3_* set without a bucket', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b' })).toThrow(
      /S3_REGION[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() =>
      loadConfig({
        ...base,
        S3_BUCKET: 'b',
        S3_REGION: 'r',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'nope',
      }),
    ).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID: is set but S3_BUCKET is not/,
    );
    expect(() => loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
