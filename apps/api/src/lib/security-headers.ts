/**
 * Security headers for every answer. The Content-Security-Policy admits our own origin plus the
 * two third parties the spec names: PayPal's JS SDK (button, checkout frames) and Google Maps
 * (script, tiles, places). Nothing else may run, frame us, or be framed by us.
 *
 * helmet works the headers out; we ask it once, at start-up, and set its answer on every reply.
 * (@fastify/helmet, which we used before, built a new helmet from the options on every request
 * and wrote the policy out again: 2–3 % of the API's time for a page that needs no database.)
 * Nothing here varies by request: no nonces.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
const GOOGLE_MAPS = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com'];

const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...PAYPAL, ...GOOGLE_MAPS],
      // Google Maps sets inline styles on the elements it creates.
      styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
      imgSrc: ["'self'", 'data:', 'blob:', ...PAYPAL, ...GOOGLE_MAPS, 'https://*.ggpht.com', 'https://*.gstatic.com'],
      fontSrc: ["'self'", 'https://fonts.gstatic.com'],
      connectSrc: ["'self'", ...PAYPAL, ...GOOGLE_MAPS],
      frameSrc: [...PAYPAL],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // PayPal's checkout opens a popup that must be able to talk back to our window.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
});

/**
 * The headers helmet sets, read by running it once, as the middleware it is documented to be,
 * against a response of Node's own that nothing sends (its headers read with `getHeaders`).
 */
export function helmetHeaders(): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown = null;
  securityHeaders(request, response, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name.toLowerCase()] = String(value);
  }
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = Object.entries(helmetHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
