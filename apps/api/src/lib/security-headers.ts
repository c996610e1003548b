/**
 * Security headers for every answer. The Content-Security-Policy admits our own origin plus the
 * two third parties the spec names: PayPal's JS SDK (button, checkout frames) and Google Maps
 * (script, tiles, places). Nothing else may run, frame us, or be framed by us.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
const GOOGLE_MAPS = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com'];

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
}
