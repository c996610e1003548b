/**
 * The server's log: JSON lines with the request id, and never a secret. Requests are logged
 * without headers (so no Authorization) and with secrets cut out of their URL (the reset link
 * /reset_password/{token} is a page the browser opens); errors are logged without the values of
 * a failed query (Drizzle puts them in its message, and they can hold a password hash); and any
 * field named like a secret is censored wherever it appears in a logged object.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

const CENSORED = '[redacted]';

/** Secrets that can appear in a URL: the reset token in its path, and token-like query values. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset_password\/)[^/?#]+/gi, `$1${CENSORED}`)
    .replace(/([?&](?:token|access_token|reset_password_token|password|secret)=)[^&#]*/gi, `$1${CENSORED}`);
}

/** Drizzle's "params: …" line (the values of the failed statement) leaves the text. */
const withoutQueryValues = (text: string) => text.replace(/\nparams: [^\n]*/g, `\nparams: ${CENSORED}`);

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError | string;
};

/** Name, message, stack, code and cause of an error; no other property (a query's `params`). */
export function serializeError(error: Error, depth = 0): LoggedError {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const cause = error.cause;
  return {
    type: error.name,
    message: withoutQueryValues(error.message),
    stack: withoutQueryValues(error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(cause === undefined || depth >= 3
      ? {}
      : { cause: cause instanceof Error ? serializeError(cause, depth + 1) : withoutQueryValues(String(cause)) }),
  };
}

const SECRET_FIELDS = [
  'password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'reset_password_token',
  'jwtSecret',
  'authorization',
  'cookie',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => serializeError(error),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
      ],
      censor: CENSORED,
    },
  };
}

/** Whether a log at `level` (LOG_LEVEL) shows info lines. */
export function logShowsInfo(level: string): boolean {
  return level === 'info' || level === 'debug' || level === 'trace';
}
