/**
 * Text the database cannot store is refused up front with a 400, before any handler runs,
 * instead of failing in the database as a 500: PostgreSQL text cannot hold U+0000, and a lone
 * UTF-16 surrogate (valid in JSON, not in Unicode) is no character at all (PGlite even fails on
 * some of them). Bodies, query strings and path parameters are checked.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-errors';

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const malformed = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export function containsMalformedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return malformed(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  for (const [key, item] of Object.entries(value)) {
    if (malformed(key) || containsMalformedText(item, depth + 1)) return true;
  }
  return false;
}

/** A preValidation hook (called back, not async: no promise per request for a check this small). */
export function refuseMalformedText(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  if (
    containsMalformedText(request.params) ||
    containsMalformedText(request.query) ||
    containsMalformedText(request.body)
  ) {
    done(badRequest('Text cannot contain NUL characters or unpaired surrogates (malformed Unicode).'));
    return;
  }
  done();
}
