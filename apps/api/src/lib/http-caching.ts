/**
 * HTTP caching of API answers. A route opts in with `config: { httpCache: 'catalogue' }`: its
 * 200 answers carry a strong `ETag` (a hash of the body) and, for a caller without credentials,
 * `Cache-Control: public, max-age=5, stale-while-revalidate=30`, so a CDN or a browser may serve
 * repeats; a caller with credentials gets `private, no-cache`. A request whose `If-None-Match`
 * names the current ETag gets `304` without a body. Every other API answer is `no-store`: it
 * may be someone's own (orders, profile) and must not be kept by anyone on the way.
 *
 * The web app fetches with `cache: 'no-cache'` (apps/web/src/lib/api-client.ts): it always asks
 * again, so it never shows an answer older than a write it just made.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CATALOGUE_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
export const SIGNED_IN_CACHE_CONTROL = 'private, no-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'catalogue': the answer is the same for everyone and may be kept briefly (lib/http-caching.ts). */
    httpCache?: 'catalogue';
  }
}

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The content type Fastify gives an answer it writes as JSON itself. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** An answer written as JSON text before it is sent: a product list's, a product page's. */
export interface JsonTextAnswer {
  json: string;
}

/**
 * ETags of answers the read cache keeps, worked out once per answer instead of on every send:
 * hashing a page of products was about a fifth of the API's CPU for a cached list (docs/decisions/056-http-caching.md).
 * Keyed by the answer object, so an answer no longer kept
 * takes its ETag with it.
 */
const etagsOfAnswers = new WeakMap<JsonTextAnswer, string>();

/** What sendJsonText told the onSend hook: the text it sent and that text's ETag. */
const etagsOfReplies = new WeakMap<FastifyReply, { body: string; etag: string }>();

/**
 * Sends `answer`'s JSON text, its ETag known for the answer rather than hashed again. The hook
 * below uses it only while the body is still that very text (no hook has replaced it).
 */
export function sendJsonText(reply: FastifyReply, answer: JsonTextAnswer): FastifyReply {
  let etag = etagsOfAnswers.get(answer);
  if (etag === undefined) {
    etag = etagOf(answer.json);
    etagsOfAnswers.set(answer, etag);
  }
  etagsOfReplies.set(reply, { body: answer.json, etag });
  return reply.type(JSON_CONTENT_TYPE).send(answer.json);
}

/** Whether `reply` was sent as JSON text by sendJsonText (and so passed no serializer). */
export function sentAsJsonText(reply: FastifyReply): boolean {
  return etagsOfReplies.has(reply);
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function isApi(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

function cacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!isApi(request) || reply.hasHeader('cache-control')) return payload;
  const cacheable =
    request.routeOptions.config?.httpCache === 'catalogue' &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    reply.statusCode === 200 &&
    (typeof payload === 'string' || Buffer.isBuffer(payload));
  if (!cacheable) {
    reply.header('cache-control', 'no-store');
    return payload;
  }
  const known = etagsOfReplies.get(reply);
  const etag = known && known.body === payload ? known.etag : etagOf(payload as string | Buffer);
  const signedIn = !!request.headers.authorization;
  reply
    .header('etag', etag)
    .header('cache-control', signedIn ? SIGNED_IN_CACHE_CONTROL : CATALOGUE_CACHE_CONTROL)
    .header('vary', 'Authorization');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304).removeHeader('content-length').removeHeader('content-type');
    return '';
  }
  return payload;
}

export function registerHttpCaching(app: FastifyInstance): void {
  // Called back rather than async: an onSend hook that returns a promise costs one per answer.
  app.addHook('onSend', (request, reply, payload, done) => done(null, cacheHeaders(request, reply, payload)));
}
