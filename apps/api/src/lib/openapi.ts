/**
 * The API's OpenAPI 3.1 document, made by @fastify/swagger from the routes' own zod schemas
 * (fastify-type-provider-zod's transforms), served at /api/openapi.json, with Swagger UI's
 * reference page at /api/docs. Only /api routes are described; the web app, uploads, the SEO
 * files and /metrics are not part of the API.
 *
 * Every /api route also answers its errors as `ApiError` (lib/error-handler.ts writes them):
 * `withErrorAnswers` adds that to each route's response schemas, so the document and the check
 * below cover error answers without every route repeating them.
 *
 * The web's response types are generated from this document (`npm run api:types`, into
 * packages/shared/src/api-types.generated.ts); a test fails when the two differ.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema } from '@torget/shared/schemas/answers/errors';
import type { FastifyInstance, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { sentAsJsonText } from './http-caching';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/** The audiences whose routes need a bearer token (routes/audiences.ts); `caller` takes one when sent. */
export const BEARER_SECURITY = [{ bearer: [] }];

/** Whether a route belongs to the API (and so to the document and to the response checks). */
export function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Adds the error answer to a route's response schemas (every /api route can answer 4xx and
 * 5xx: validation, guards, rate limits, load shedding). A route that names its own 4xx or 5xx
 * schema keeps it.
 */
export function withErrorAnswers(route: RouteOptions): void {
  if (!isApiRoute(route.url) || route.schema?.hide) return;
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  if (Object.keys(response).length === 0) return; // Left for the coverage test to name.
  route.schema = {
    ...route.schema,
    response: { '4xx': apiErrorSchema, '5xx': apiErrorSchema, ...response },
  };
}

/**
 * Writes a reply as JSON. With `check` on (tests, CHECK_RESPONSES=on) it first checks the reply
 * against the route's zod schema and throws, naming the route and the field, when it does not
 * fit: that is how the document is kept true to what the server sends. The reply is written as
 * it is (never as zod's parse of it), so a check can only fail, never change an answer; and
 * without the check the cost is JSON.stringify's alone, as for a route with no schema. Replies
 * already written as JSON text (lib/http-caching.ts sendJsonText) never reach a serializer.
 */
export function responseSerializerCompiler(check: boolean): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!check) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const message = `${method} ${url} answered ${httpStatus} outside its response schema:\n${z.prettifyError(result.error)}`;
        // Logged here too: the error handler answers 500 without the reason.
        console.error(message);
        throw new Error(message);
      }
      return JSON.stringify(data);
    };
  };
}

/** The route's response schema for `status`: its own code's, else its class's (`4xx`), else `default`. */
function responseSchemaOf(response: unknown, status: number): ZodType | undefined {
  if (!response || typeof response !== 'object') return undefined;
  const schemas = response as Record<string, unknown>;
  const schema = schemas[String(status)] ?? schemas[`${String(status)[0]}xx`] ?? schemas.default;
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * With the check on, answers written as JSON text before the reply (the catalogue's kept answers,
 * lib/http-caching.ts sendJsonText) are read back and checked too: they never pass through a
 * serializer, and they are the answers read most.
 */
export function checkJsonTextAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Answers written by a serializer were checked there.
    if (typeof payload !== 'string' || !sentAsJsonText(reply)) return payload;
    const schema = responseSchemaOf(request.routeOptions.schema?.response, reply.statusCode);
    if (!schema) return payload;
    const result = schema.safeParse(JSON.parse(payload));
    if (!result.success) {
      const message = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} outside its response schema:\n${z.prettifyError(result.error)}`;
      console.error(message);
      throw new Error(message);
    }
    return payload;
  });
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The type provider writes every named schema twice, as an answer (`Order`) and as a request
 * (`OrderInput`), since the two may differ. Requests here use no named schema, so the request
 * copies nobody refers to are left out: the document and the types generated from it name each
 * answer once.
 */
function withoutUnusedInputCopies(document: OpenApiDocument): OpenApiDocument {
  if (!('components' in document) || !document.components?.schemas) return document;
  const schemas: Record<string, unknown> = { ...document.components.schemas };
  const paths = JSON.stringify(document.paths ?? {});
  // An input copy may be referred to only by another input copy: drop until none is left unused.
  for (let dropped = true; dropped; ) {
    dropped = false;
    const texts = Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)] as const);
    for (const name of Object.keys(schemas)) {
      if (!name.endsWith('Input') || !(name.slice(0, -'Input'.length) in schemas)) continue;
      const ref = `"#/components/schemas/${name}"`;
      if (paths.includes(ref) || texts.some(([other, text]) => other !== name && text.includes(ref))) continue;
      delete schemas[name];
      dropped = true;
    }
  }
  return { ...document, components: { ...document.components, schemas } } as OpenApiDocument;
}

const ERROR_ANSWERS: Record<string, string> = {
  '4xx':
    'Refused: an invalid request (400), no or a bad token (401), not allowed (403), not found (404), ' +
    'a conflict with the current state (409), too many attempts (429). `message` says why.',
  '5xx':
    'Failed on our side, or a service we depend on did (502); 503 with Retry-After while the server is overloaded.',
};

/**
 * Gives each response of the document its description (@fastify/swagger's documented
 * `x-response-description`, or `description` beside `content` and `$ref`): the named answer's
 * own description, or what the status's class means. Without it every response reads "Default Response".
 */
function describeResponses(transformed: unknown, declared: unknown): void {
  if (!transformed || typeof transformed !== 'object' || !declared || typeof declared !== 'object') return;
  for (const [status, response] of Object.entries(transformed as Record<string, Record<string, unknown>>)) {
    const source = (declared as Record<string, unknown>)[status];
    const named = source instanceof z.ZodType ? z.globalRegistry.get(source)?.description : undefined;
    const text = ERROR_ANSWERS[status.toLowerCase()] ?? named ?? ERROR_ANSWERS[`${status[0]}xx`] ?? 'Success.';
    // Beside a `$ref` only `description` survives the plugin's resolving of the reference.
    if ('content' in response || '$ref' in response) response.description ??= text;
    else response['x-response-description'] = text;
  }
}

/**
 * Zod writes `z.int()`'s range (±2^53 − 1) into the schema; it says nothing to a reader, and the
 * reference page shows it as every integer's example. Left out of the document.
 */
function withoutSafeIntegerBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds) as T;
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'minimum' && child === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && child === Number.MAX_SAFE_INTEGER) continue;
    copy[key] = withoutSafeIntegerBounds(child);
  }
  return copy as T;
}

/** The marketplace's mark (the web app's favicon.svg) in the reference page's top bar. */
const TORGET_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40"><title>Torget</title>' +
  '<rect width="32" height="32" rx="6" fill="#0b3d63"/><path d="M9 9h14v4h-5v12h-4V13H9z" fill="#fecc02"/></svg>';

/** The document's own version: raised when an answer or a request changes in a way a client must know. */
const API_VERSION = '1.0.0';

/** Registers the document and its reference page; call before the routes, so it sees them all. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Torget API',
        version: API_VERSION,
        description:
          'The API of Torget, a multi-seller marketplace for Sweden. Amounts are SEK numbers; ' +
          'field names follow the product specification, including its `_id` and snake_case names. ' +
          "Send a signed-in user's token as `Authorization: Bearer <token>` (POST /api/users/signin answers it).",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      if (!isApiRoute(input.url) || input.url.startsWith(API_DOCS_PREFIX) || input.url === OPENAPI_PATH) {
        return { schema: { hide: true } as typeof input.schema, url: input.url };
      }
      const transformed = jsonSchemaTransform(input);
      describeResponses(transformed.schema.response, input.schema.response);
      // Grouped by the URL's prefix (/api/orders/… under "orders"), as the routes' folders are.
      const tag = input.url.split('/')[2] ?? 'api';
      return { ...transformed, schema: withoutSafeIntegerBounds({ ...transformed.schema, tags: [tag] }) };
    },
    transformObject: (input) => withoutSafeIntegerBounds(withoutUnusedInputCopies(jsonSchemaTransformObject(input))),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    logo: { type: 'image/svg+xml', content: Buffer.from(TORGET_MARK), href: '/', target: '_self' },
    theme: { title: 'Torget API' },
    uiConfig: { docExpansion: 'none', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
