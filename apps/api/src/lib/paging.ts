/**
 * Paged lists that keep the spec's answer shape (a JSON array): 50 a page, `pageNumber` in
 * the query, the total in `X-Total-Count` and the neighbouring pages in a `Link` header
 * (RFC 8288: `<…?pageNumber=2>; rel="next"`), as common REST APIs do.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const LIST_PAGE_SIZE = 50;

/** `pageNumber`: a whole number from 1; absent means the first page. */
export const pageNumberSchema = z.coerce
  .number({ message: 'pageNumber must be a number.' })
  .int('pageNumber must be a whole number.')
  .min(1, 'pageNumber must be at least 1.')
  .max(1_000_000, 'pageNumber is too large.')
  .optional();

/** `page`, the same as `pageNumber` where a list also takes it (the admin's searchable lists). */
export const pageAliasSchema = z.coerce
  .number({ message: 'page must be a number.' })
  .int('page must be a whole number.')
  .min(1, 'page must be at least 1.')
  .max(1_000_000, 'page is too large.')
  .optional();

export interface PageRequest {
  /** From 1. */
  number: number;
  size: number;
  offset: number;
}

export function pageRequest(pageNumber: number | undefined, size = LIST_PAGE_SIZE): PageRequest {
  const number = pageNumber ?? 1;
  return { number, size, offset: (number - 1) * size };
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** The request's own address with `pageNumber` set to `n` (other query parameters kept). */
function pageAddress(request: FastifyRequest, n: number): string {
  const url = new URL(request.url, 'http://placeholder');
  url.searchParams.set('pageNumber', String(n));
  // `page` means the same where a list takes it; the link names its page once.
  url.searchParams.delete('page');
  return `${url.pathname}${url.search}`;
}

/** Sets `X-Total-Count` and `Link` (first, prev, next, last) for the page answered. */
export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, page: PageRequest, total: number): void {
  const last = Math.max(1, Math.ceil(total / page.size));
  const links = [`<${pageAddress(request, 1)}>; rel="first"`];
  if (page.number > 1) links.push(`<${pageAddress(request, Math.min(page.number - 1, last))}>; rel="prev"`);
  if (page.number < last) links.push(`<${pageAddress(request, page.number + 1)}>; rel="next"`);
  links.push(`<${pageAddress(request, last)}>; rel="last"`);
  void reply.header('X-Total-Count', String(total));
  void reply.header('Link', links.join(', '));
}
