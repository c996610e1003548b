/**
 * The OpenAPI document: valid OpenAPI 3.1, every API route in it with a response schema for its
 * success and its errors, the reference page served, the committed types generated from it, and
 * the response check failing an answer that leaves its schema.
 */
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listApiRoutes } from '#api/app.ts';
import { API_TYPES_FILE, apiTypesSource } from '#api/ops/api-types.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { API_DOCS_PREFIX, OPENAPI_PATH, responseSerializerCompiler } from './openapi';

let t: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown }>>;
};
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** The routes the document describes: every API route but the document and its reference page. */
function describedRoutes() {
  return listApiRoutes(t.app).filter(
    (route) =>
      route.url !== OPENAPI_PATH && route.url !== API_DOCS_PREFIX && !route.url.startsWith(`${API_DOCS_PREFIX}/`),
  );
}

/**
 * Fastify's `/api/orders/:id` as OpenAPI writes it: `/api/orders/{id}`. A prefix's own route is
 * served with and without the trailing slash; the document names it once.
 */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every API route the app serves, and nothing else', () => {
    const served = describedRoutes().map((route) => `${route.method} ${openApiPath(route.url)}`);
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${openApiPath(path)}`),
    );
    expect(served.length).toBeGreaterThan(80);
    expect(new Set(described)).toEqual(new Set(served));
  });

  it('gives every route a response schema for its success and for its errors', () => {
    const missing = describedRoutes().filter((route) => {
      const responses = Object.keys((route.schema?.response ?? {}) as Record<string, unknown>);
      return !responses.some((status) => /^2/.test(status)) || !responses.includes('4xx');
    });
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('says which routes take a bearer token', () => {
    expect(document.paths['/api/orders/mine']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/products/categories']?.get?.security).toBeUndefined();
  });

  it('is what the committed types were generated from (npm run api:types)', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    // Compared as text, so a difference shows where the document and the types part.
    expect(committed).toBe(await apiTypesSource(document));
  });

  it('has a reference page at /api/docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const documentOfPage = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
    expect(documentOfPage.json()).toEqual(document);
  });
});

describe('the response check', () => {
  const schema = z.strictObject({ message: z.string() });
  const serializerFor = (check: boolean) =>
    responseSerializerCompiler(check)({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

  it('writes an answer that fits its schema as it is', () => {
    expect(serializerFor(true)({ message: 'Hej' })).toBe('{"message":"Hej"}');
  });

  it('fails an answer with a field its schema does not name, or without one it requires', () => {
    const serialize = serializerFor(true);
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => serialize({ message: 'Hej', secret: 1 })).toThrow(/GET \/api\/x answered 200 outside/);
      expect(() => serialize({})).toThrow(/message/);
    } finally {
      console.error = quiet;
    }
  });

  it('only writes when the check is off (production)', () => {
    expect(serializerFor(false)({ message: 'Hej', extra: true })).toBe('{"message":"Hej","extra":true}');
  });
});
