// An nginx load balancer in front of several API instances, for the multi-instance test
// (apps/api/src/reliability/multi-instance.test.ts) and `npm run bench -- --instances 2`, run
// with the shipped site file (deploy/torget.nginx.conf). nginx
// comes from Debian (`apt-get install nginx`; .ci/run installs it). Everything it writes stays
// in its own temporary folder; it runs in the foreground as our child.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** nginx's path, or null when it is not installed. */
export function nginxPath() {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (existsSync(path)) return path;
  }
  return null;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** The shipped nginx site (deploy/torget.nginx.conf), which operators install as it is. */
export const SITE_FILE = join(import.meta.dirname, '..', 'deploy', 'torget.nginx.conf');

/**
 * The shipped site as the tests run it: its upstream's instances replaced by `upstreams`
 * (host:port), its HTTPS server on 127.0.0.1:`port` without TLS (no certificate here) and its
 * HTTP server on 127.0.0.1:`httpPort`, the IPv6 listens dropped. Everything else (headers,
 * retries, body size, gzip, caching, /metrics) runs as shipped. Throws when the file no longer
 * has the lines it replaces, so a change there is seen here.
 */
export function siteForTest(site, { port, httpPort, upstreams }) {
  const steps = [
    [
      /^(\s*)server \S+:\d+ (max_fails.*;)\n/m,
      (_m, indent, rest) => upstreams.map((u) => `${indent}server ${u} ${rest}\n`).join(''),
    ],
    [/^\s*listen \[::\]:80 default_server;\n/m, ''],
    [/^\s*listen \[::\]:443 ssl default_server;\n/m, ''],
    [/listen 80 default_server;/, `listen 127.0.0.1:${httpPort} default_server;`],
    [/listen 443 ssl default_server;/, `listen 127.0.0.1:${port} default_server;`],
  ];
  let text = site;
  for (const [pattern, replacement] of steps) {
    if (!pattern.test(text)) throw new Error(`${SITE_FILE} has no line matching ${pattern}`);
    text = text.replace(pattern, replacement);
  }
  const withoutTls = text.replace(/^\s*ssl_\w+ .*;\n/gm, '');
  if (withoutTls === text) throw new Error(`${SITE_FILE} has no ssl_ lines`);
  return withoutTls;
}

/**
 * nginx's whole configuration around the shipped site: its temporary files in `folder`, and each
 * answer saying which instance served it in `X-Upstream` (set for the whole http block, which the
 * site's proxied locations inherit). The site does the rest: round robin over the instances, a
 * failed one taken out for a few seconds, only a request not yet sent tried on the next.
 */
export function nginxConfig({ folder, port, httpPort, upstreams }) {
  const user = typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;\n' : '';
  const site = siteForTest(readFileSync(SITE_FILE, 'utf8'), { port, httpPort, upstreams });
  return `${user}worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
daemon off;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  add_header X-Upstream $upstream_addr always;
${site}
}
`;
}

/**
 * Starts nginx in front of `upstreams`; answers its URL and how to stop it. Rejects when nginx
 * is missing or does not answer within 10 s.
 */
export async function startBalancer(upstreams) {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const folder = mkdtempSync(join(tmpdir(), 'torget-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(folder, sub));
  const port = await freePort();
  const httpPort = await freePort();
  const conf = join(folder, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ folder, port, httpPort, upstreams }));
  const child = spawn(nginx, ['-p', folder, '-c', conf, '-e', join(folder, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > until) throw new Error(`nginx did not answer: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
