/**
 * Compression of the answers the app writes itself (JSON, and index.html with a page's tags) for
 * a client that asks for it (`Accept-Encoding`): Brotli, else gzip. A product list is 7 KB of
 * JSON that a phone on a slow network waited for uncompressed (Lighthouse's
 * `uses-text-compression`). The built scripts and styles are compressed at build time instead
 * (web-app.ts); uploads are images.
 *
 * Brotli at quality 4 and gzip at level 6: fast enough for answers of a few kilobytes (about a
 * tenth of a millisecond for 7 KB), most of the saving. Small answers are left alone. A
 * compressed answer's ETag becomes weak: the same tag then names the plain and the compressed
 * bytes, which a strong tag may not (RFC 9110); If-None-Match compares weakly (http-caching.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are (the headers would eat the saving). */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(application\/json|text\/html|text\/plain|application\/xml)\b/;

/** The encoding to use for a request's `Accept-Encoding`, or null (q=0 refuses one). */
export function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  const fields = typeof vary === 'string' ? vary.split(',').map((f) => f.trim()) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) reply.header('vary', [...fields, field].join(', '));
}

/**
 * An answer sent again and again as the same text (a kept page, web-app.ts), with its compressed
 * copies once they are made: Brotli of a page is about as much CPU as the rest of its request.
 */
export interface CompressedCopies {
  body: string | Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What sendWithCompressedCopies told the hook, per reply. */
const copiesOfReplies = new WeakMap<FastifyReply, CompressedCopies>();

/**
 * Sends `copies.body`; the hook below takes a compressed copy from `copies`, or makes it there,
 * while the body is still that very value (no other hook has replaced it).
 */
export function sendWithCompressedCopies(reply: FastifyReply, copies: CompressedCopies): FastifyReply {
  copiesOfReplies.set(reply, copies);
  return reply.send(copies.body);
}

function encoded(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

function compress(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type) || reply.hasHeader('content-encoding')) return payload;
  // Whether or not this answer is compressed, the same URL may be for another client.
  addVary(reply, 'Accept-Encoding');
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  if (encoding === null || request.method === 'HEAD') return payload;
  // Encoded only for a client that takes a compressed answer (a string's length in bytes first).
  if (typeof payload === 'string' && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_MIN_BYTES) return payload;
  const known = copiesOfReplies.get(reply);
  const copies = known && known.body === payload ? known : undefined;
  const compressed = copies?.[encoding] ?? encoded(body, encoding);
  if (copies) copies[encoding] = compressed;
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
  reply.header('content-encoding', encoding).removeHeader('content-length');
  return compressed;
}

/** Registered after the hooks that set the answer's headers (ETag, Cache-Control). */
export function registerResponseCompression(app: FastifyInstance): void {
  // Called back rather than async: an onSend hook that returns a promise costs one per answer.
  app.addHook('onSend', (request, reply, payload, done) => done(null, compress(request, reply, payload)));
}
