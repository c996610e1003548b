// An nginx load balancer in front of several API instances, for the multi-instance test
// (apps/api/src/reliability/multi-instance.test.ts) and `npm run bench -- --instances 2`. nginx
// comes from Debian (`apt-get install nginx`; .ci/run installs it). Everything it writes stays
// in its own temporary folder; it runs in the foreground as our child.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * The configuration: round robin over `upstreams` (host:port), a failed instance taken out for
 * a few seconds; only a request not yet sent is tried on the next instance (nginx never resends
 * a POST that reached an instance, so an order is never placed twice). Each answer says which
 * instance served it in `X-Upstream`.
 */
export function nginxConfig({ folder, port, upstreams }) {
  const user = typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;\n' : '';
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
  upstream torget {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://torget;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
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
  const conf = join(folder, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ folder, port, upstreams }));
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
