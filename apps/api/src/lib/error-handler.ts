/**
 * Turns every failure into `{ message }` with the right status. Validation failures name the
 * field; unexpected errors are logged with their stack and answered without one.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-errors';

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const first = error.validation[0];
  if (!first) return 'Invalid request.';
  // instancePath is like "/pageSize" or "/items/0/qty"; show it as a dotted field name.
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = error.validationContext === 'body' ? '' : ` in ${error.validationContext}`;
  return field ? `Invalid ${field}${where}: ${first.message}` : `Invalid request${where}: ${first.message}`;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    // A service this app depends on failed (502, 503): the visitor reads the message, the log why.
    if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
    void reply.status(error.statusCode).send({ message: error.message });
    return;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    void reply.status(400).send({ message: validationMessage(error) });
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    void reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    return;
  }
  // Fastify's own 4xx errors (malformed JSON, body too large, wrong content type) keep their text.
  void reply.status(status).send({ message: error.message });
}
