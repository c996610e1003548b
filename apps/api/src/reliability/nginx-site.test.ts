/**
 * The shipped nginx site (deploy/torget.nginx.conf) is valid for nginx exactly as shipped, TLS
 * and all (certificates named by variables are read at the handshake, so `nginx -t` needs none),
 * and the tests' version of it (scripts/nginx-balancer.mjs) changes only what it says it does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nginxPath, SITE_FILE, siteForTest } from '../../../../scripts/nginx-balancer.mjs';

const nginx = nginxPath();
const shipped = readFileSync(SITE_FILE, 'utf8');

describe.runIf(process.env.TORGET_TEST_DB === 'pglite')('the shipped nginx site', () => {
  it.runIf(nginx !== null)('passes nginx -t as shipped', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'torget-nginx-site-'));
    try {
      const conf = join(folder, 'nginx.conf');
      writeFileSync(
        conf,
        `pid ${folder}/nginx.pid;\nerror_log ${folder}/error.log;\nevents {}\nhttp {\n${shipped}\n}\n`,
      );
      const { stderr } = await promisify(execFile)(nginx ?? '', [
        '-t',
        '-p',
        folder,
        '-c',
        conf,
        '-e',
        `${folder}/error.log`,
      ]);
      expect(stderr).toContain('test is successful');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('has TLS, the forwarded headers, seller domains, an upload size, gzip and hashed-asset caching', () => {
    for (const line of [
      'listen 443 ssl default_server;',
      'server_name _;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header Host $host;',
      'client_max_body_size',
      'gzip on;',
      'public, max-age=31536000, immutable',
      'proxy_next_upstream error timeout;',
    ])
      expect(shipped).toContain(line);
  });

  it('is run by the tests with only the instances, the ports and TLS replaced', () => {
    const site = siteForTest(shipped, {
      port: 18080,
      httpPort: 18081,
      upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'],
    });
    expect(site).toContain('server 127.0.0.1:4001 max_fails=1 fail_timeout=5s;');
    expect(site).toContain('server 127.0.0.1:4002 max_fails=1 fail_timeout=5s;');
    expect(site).toContain('listen 127.0.0.1:18080 default_server;');
    expect(site).not.toMatch(/ssl_|listen 443|\[::\]/);
    const kept = (text: string) =>
      text.split('\n').filter((line) => !/server \S+:\d+ max_fails|listen |ssl_/.test(line));
    expect(kept(site)).toEqual(kept(shipped));
  });
});
