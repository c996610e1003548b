/**
 * Serves the built single-page app: hashed assets with long cache lifetimes, and index.html
 * for every other path (history fallback), with the main hosts written into it so the browser
 * knows which hosts are the marketplace and which are sellers' own domains.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface WebApp {
  sendIndex(reply: FastifyReply): FastifyReply;
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  mainHosts: string[],
): Promise<WebApp | null> {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return null;
  const meta = `<meta name="torget-main-hosts" content="${escapeAttribute(mainHosts.join(','))}">`;
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8').replace('</head>', `${meta}</head>`);

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz copies of scripts and styles (apps/web/vite.config.ts).
    preCompressed: true,
    // Cache-Control comes from setHeaders alone (send's own header would replace it).
    cacheControl: false,
    setHeaders(res, path) {
      // Vite puts content-hashed files under assets/: they never change under the same name.
      const immutable = path.includes(`${join(webDist, 'assets')}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // A shared cache must keep the Brotli, gzip and plain copies apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  return {
    sendIndex(reply) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    },
  };
}
