/**
 * The PayPal stand-in (apps/api/src/test/paypal-standin.ts) as a process of its own, for the
 * browser tests: playwright.config.ts starts it before the server, whose PAYPAL_API_BASE points
 * here. The stand-in listens on a random port; this front forwards a fixed port to it
 * (E2E_PAYPAL_PORT, default 3130) and answers GET /health for Playwright's readiness check.
 *
 *   npx tsx apps/web/e2e/support/paypal-standin-server.ts
 */
import { createServer, request as forward } from 'node:http';
import { startPaypalStandin } from '../../../api/src/test/paypal-standin';

const port = Number(process.env.E2E_PAYPAL_PORT ?? 3130);
const standin = await startPaypalStandin();
const target = new URL(standin.apiBase);
// Links in the stand-in's answers name the port the server talks to.
standin.apiBase = `http://127.0.0.1:${port}`;

const front = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
    return;
  }
  const upstream = forward(
    {
      hostname: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: target.host },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ name: 'STANDIN_UNREACHABLE', message: String(error) }));
  });
  request.pipe(upstream);
});

front.listen(port, '127.0.0.1', () => {
  console.log(`PayPal stand-in on http://127.0.0.1:${port} (client ${standin.clientId})`);
});

async function stop() {
  front.close();
  await standin.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
