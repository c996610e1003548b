// Helpers of the benchmark: child processes, load runs with autocannon, machine facts.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 200, or fails after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 60_000, child) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`The server exited (code ${child.exitCode}) before answering.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
    await sleep(200);
  }
}

/** Starts a Node child process whose output goes to `logFile`. */
export function startNode(args, { env, logFile, cwd }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

/** Stops a child we started, and waits for it. */
export async function stopChild(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the ceiling server (bench/ceiling.mjs) and answers its URL. */
export async function startCeiling(path, logFile) {
  const child = spawn(process.execPath, [path], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.pipe(createWriteStream(logFile, { flags: 'a' }));
  const url = await new Promise((resolveUrl, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n') && line) resolveUrl(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`The ceiling server exited (code ${code}).`)));
  });
  return { child, url };
}

/**
 * One load run: `connections` connections for `duration` seconds against `origin`, each request
 * made by `makeRequest()` ({ method, path, headers, body }). Answers the figures we report.
 */
export async function load(origin, makeRequest, { connections, duration, amount }) {
  const result = await autocannon({
    url: origin,
    connections,
    ...(amount ? { amount } : { duration }),
    timeout: 10,
    requests: [{ setupRequest: (request) => ({ ...request, ...makeRequest() }) }],
  });
  const statuses = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: Math.round(result.latency.average * 100) / 100,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}

/**
 * CPU time (user + system, in clock ticks) used so far by each process, with the group that
 * spent it: the API server (`apiPid`, all its threads), PostgreSQL's processes (its server and
 * every backend), this process (autocannon runs in it: the load), and everything else. Read from
 * /proc; null where there is none. Two readings around a run, divided by its requests, tell where
 * a request's time goes: the API's JavaScript, PostgreSQL, or the load itself (cpuPerRequest).
 */
export function cpuTicks(apiPid) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const byProcess = new Map();
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of proc(5), counted from the state (field 3).
    const ticks = Number(fields[11]) + Number(fields[12]);
    const group =
      Number(pid) === apiPid
        ? 'api'
        : command.startsWith('postgres')
          ? 'postgres'
          : Number(pid) === process.pid
            ? 'load'
            : 'other';
    byProcess.set(pid, { group, ticks });
  }
  return byProcess;
}

/**
 * Microseconds of CPU per request by group, between two cpuTicks readings (100 ticks a second).
 * Process by process: one that ended between them (a pooled connection's backend closed) is left
 * out, not subtracted; one that started counts from 0. What a process did in a run it ended in
 * is missed, so a group's figure is a floor.
 */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || !requests) return null;
  const ticks = { api: 0, postgres: 0, load: 0, other: 0 };
  for (const [pid, { group, ticks: now }] of after) {
    ticks[group] += now - (before.get(pid)?.ticks ?? 0);
  }
  const perRequest = {};
  for (const [group, used] of Object.entries(ticks)) perRequest[group] = Math.round((used * 10_000) / requests);
  return perRequest;
}

/** The p-th percentile (0–100) of sorted milliseconds, rounded as autocannon's are. */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

/**
 * Like load, for a few connections whose requests are of several kinds (`kind` beside method,
 * path, headers and body): each connection sends, waits for the whole answer, and sends the
 * next; the latency of every request is kept by kind, so a slow kind shows by name. Returns
 * load's figures, and `byKind` with each kind's requests, p50 and p99. `pace`, when given, is
 * awaited before each request, and its false ends the connection's loop (the mixed workload's
 * share of writes).
 */
export async function loadByKind(origin, makeRequest, { connections, duration, pace }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(origin);
  const latencies = new Map();
  const all = [];
  const statuses = {};
  let errors = 0;
  const until = performance.now() + duration * 1000;
  const send = ({ method, path, headers, body }) =>
    new Promise((resolve) => {
      const req = httpRequest({ agent, hostname, port, method, path, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', () => resolve(null));
      // As autocannon's `timeout: 10`: a request unanswered after 10 s counts as an error.
      req.setTimeout(10_000, () => req.destroy());
      req.end(body);
    });
  const loop = async () => {
    while (performance.now() < until) {
      if (pace && !(await pace())) break;
      const { kind, ...request } = makeRequest();
      const started = performance.now();
      const status = await send(request);
      const ms = performance.now() - started;
      if (status === null) {
        errors++;
        continue;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      all.push(ms);
      if (!latencies.has(kind)) latencies.set(kind, []);
      latencies.get(kind).push(ms);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  const sorted = (list) => [...list].sort((a, b) => a - b);
  const everything = sorted(all);
  const byKind = {};
  for (const [kind, list] of latencies) {
    const ordered = sorted(list);
    byKind[kind] = { requests: ordered.length, p50: percentile(ordered, 50), p99: percentile(ordered, 99) };
  }
  return {
    requestsPerSecond: Math.round(all.length / duration),
    requests: all.length,
    p50: percentile(everything, 50),
    p99: percentile(everything, 99),
    mean: Math.round((all.reduce((sum, ms) => sum + ms, 0) / Math.max(1, all.length)) * 100) / 100,
    errors,
    non2xx: Object.entries(statuses).reduce((n, [code, count]) => (code.startsWith('2') ? n : n + count), 0),
    statuses,
    byKind,
  };
}

/** Sequential latency with one connection: the query's own time, without queueing. */
/**
 * Waits until the server has answered the requests still queued from a load run: autocannon
 * stops sending, but up to `connections` requests per pool slot may still be waiting for the
 * database. /api/health goes through the same pool, so two quick answers in a row mean it is
 * drained (at most 30 s).
 */
export async function settle(origin) {
  const until = Date.now() + 30_000;
  let quick = 0;
  while (quick < 2 && Date.now() < until) {
    const started = performance.now();
    await fetch(`${origin}/api/health`).then(
      (r) => r.arrayBuffer(),
      () => null,
    );
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    if (quick < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One connection in a loop, after the previous load's queue has drained (settle). */
export async function latencyAlone(origin, makeRequest, duration) {
  await settle(origin);
  return load(origin, makeRequest, { connections: 1, duration });
}

export function machine() {
  const pgVersion = spawnSync('psql', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? 'unknown';
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    psql: pgVersion,
  };
}

export function loadAverage() {
  return loadavg().map((v) => Math.round(v * 100) / 100);
}

export function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

/**
 * The environment every bench starts the production API with: on loopback at `port`, its files
 * in `dataDir`, no demo data, warnings only, signing with `jwtSecret`. Each caller adds its own
 * (the database, the cache, rate limits) after it.
 */
export function apiEnvironment({ port, dataDir, jwtSecret }) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
  };
}

/** `K=V` pairs separated by spaces (a flag's value) as an environment; `flag` names it in the error. */
export function environmentPairs(text, flag) {
  return Object.fromEntries(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`${flag} takes K=V pairs, not "${pair}"`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}
