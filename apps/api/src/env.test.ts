import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/env.ts';

describe.runIf(process.env.TORGET_TEST_DB === 'pglite')('configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-env-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies defaults and puts configured main hosts first', () => {
    const config = loadConfig({ DATA_DIR: dataDir, MAIN_HOSTS: ' Torget.se, www.torget.se ' });
    expect(config.port).toBe(3000);
    expect(config.mainHosts).toEqual(['torget.se', 'www.torget.se', 'localhost', '127.0.0.1']);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('takes the public origin from PUBLIC_URL, on a main host, or derives it', () => {
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(load({}).publicUrl).toBe('http://localhost:3000');
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ MAIN_HOSTS: 'Torget.se,www.torget.se' }).publicUrl).toBe('https://torget.se');
    expect(load({ MAIN_HOSTS: 'torget.se,www.torget.se', PUBLIC_URL: 'https://WWW.torget.se:8443/' }).publicUrl).toBe(
      'https://www.torget.se:8443',
    );
    expect(load({ PUBLIC_URL: 'http://127.0.0.1:5173' }).publicUrl).toBe('http://127.0.0.1:5173');
    for (const wrong of ['torget.se', 'ftp://torget.se', 'https://torget.se/shop', 'https://torget.se/?a=1'])
      expect(() => load({ MAIN_HOSTS: 'torget.se', PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL/);
    expect(() => load({ MAIN_HOSTS: 'torget.se', PUBLIC_URL: 'https://shop-anna.se' })).toThrow(
      /PUBLIC_URL.*MAIN_HOSTS/,
    );
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('believes no forwarded headers unless TRUST_PROXY says whose', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // `true` is the nearest proxy alone: the address it appended, not the client's leftmost entry.
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 10.0.1.0/24, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
      '::1',
      'loopback',
    ]);
  });

  it('stops the start on a TRUST_PROXY that is neither a number of proxies nor addresses', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: "yes" is not an address/);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: a number of proxies/);
  });

  it("takes the PGlite worker thread's nice value from 0 to 19, or leaves it to the worker's default", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).pgliteWorkerNice).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, PGLITE_WORKER_NICE: '0' }).pgliteWorkerNice).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, PGLITE_WORKER_NICE: '7' }).pgliteWorkerNice).toBe(7);
    expect(() => loadConfig({ DATA_DIR: dataDir, PGLITE_WORKER_NICE: '20' })).toThrow(/PGLITE_WORKER_NICE/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PGLITE_WORKER_NICE: '-5' })).toThrow(/PGLITE_WORKER_NICE/);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*JWT_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
