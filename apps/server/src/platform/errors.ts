import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse, isErrorCode, type ErrorCode } from '@wallet/contract/errors';

/**
 * A failure a member may meet: a code from the contract and the HTTP status that fits it.
 * Thrown anywhere in a request; the one error handler below turns it into
 * `{ "message": CODE }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    /** A limit's refusal: the seconds to wait, answered as `retryAfter` and a Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** A refusal by a play limit that tells what the limit leaves (`remaining`, minor units). */
export class LimitError extends AppError {
  constructor(
    code: ErrorCode,
    readonly remaining: bigint,
  ) {
    super(code, 422);
  }
}

/** Throws the AppError of `code`; typed `never`, so it also ends an expression (`found ?? fail(...)`). */
export const fail = (code: ErrorCode, status: number): never => {
  throw new AppError(code, status);
};

/**
 * A route's failure answers, for its response schema (and so the OpenAPI document): each status
 * listed answers `ErrorResponse` (`{ "message": CODE }`), or the schema given first where a
 * route's refusals take another shape.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse>;
export function errorResponses<T, S extends number>(schema: T, ...statuses: S[]): Record<S, T>;
export function errorResponses(...args: unknown[]): Record<number, unknown> {
  const [schema, statuses] =
    typeof args[0] === 'number' ? [ErrorResponse, args as number[]] : [args[0], args.slice(1) as number[]];
  return Object.fromEntries(statuses.map((status) => [status, schema]));
}

interface ValidationIssue {
  message?: string;
}

/** The code a validation failure answers: the first rule whose message is a contract code. */
function validationCode(issues: readonly ValidationIssue[]): ErrorCode {
  for (const issue of issues) if (isErrorCode(issue.message)) return issue.message;
  return 'INVALID_INPUT';
}

/** Fastify's own failures of the HTTP layer, by their error code. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_INPUT', status: 400 },
};

function describe(error: FastifyError): { code: ErrorCode; status: number } | null {
  if (error instanceof AppError) return { code: error.code, status: error.statusCode };
  if (error.validation) return { code: validationCode(error.validation), status: 400 };
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return known;
  // NOTE: JSON.parse failures inside Fastify's parser arrive as a SyntaxError with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { code: 'MALFORMED_JSON', status: 400 };
  }
  // Other client errors raised by plugins (for example a directory path on the static files).
  // NOTE: errors of @fastify/send carry `status`, Fastify's own carry `statusCode`.
  const status = error.statusCode ?? (error as { status?: number }).status ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'INVALID_INPUT';
    return { code, status };
  }
  return null;
}

/**
 * What the log may keep of an error: never values a query carried. Drizzle's `params` are the
 * values and it writes them into its message (and so its stack) too; a database error (one with
 * a SQLSTATE code) quotes values in its message (`invalid input syntax for type integer:
 * "0812..."`), `detail` and `where`. So a query's error keeps the SQL text alone, a database
 * error only its code, constraint, table and column, and every stack only its frames.
 */
const LOGGED_ERROR_FIELDS = ['code', 'statusCode'];
const DATABASE_ERROR_FIELDS = ['code', 'constraint', 'table', 'column'];
/** Five digits or capitals: PostgreSQL's error codes (and PGlite's, the same). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const fieldsOf = (error: Error) => error as unknown as Record<string, unknown>;
const isDatabaseError = (error: Error) => {
  const code = fieldsOf(error).code;
  return typeof code === 'string' && SQLSTATE.test(code);
};

/** The first error with a SQLSTATE code in the cause chain (how deep depends on the driver). */
function databaseErrorIn(error: Error): Error | null {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 6; depth++) {
    if (isDatabaseError(current)) return current;
    current = current.cause;
  }
  return null;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = fieldsOf(error);
  const database = isDatabaseError(error);
  const query = typeof fields.query === 'string' ? fields.query : null;
  const message = database
    ? `database error ${String(fields.code)}${query === null ? '' : ` in: ${query}`}`
    : 'params' in error
      ? query === null
        ? error.name
        : `Failed query: ${query}`
      : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of database ? DATABASE_ERROR_FIELDS : LOGGED_ERROR_FIELDS) {
    if (fields[field] !== undefined) logged[field] = fields[field];
  }
  if (depth === 0) {
    // Where the database's answer is, for every driver: node-postgres puts it in the cause of
    // drizzle's error, PGlite's error is drizzle's cause and carries the query itself.
    const found = databaseErrorIn(error);
    if (found) {
      const foundFields = fieldsOf(found);
      logged.database = Object.fromEntries(
        DATABASE_ERROR_FIELDS.filter((field) => foundFields[field] !== undefined).map((field) => [
          field,
          foundFields[field],
        ]),
      );
    }
  }
  if (error.cause instanceof Error && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Path parameters whose values are secrets: the spec's auto-login path carries a password. */
const SECRET_PARAMS = new Set(['password']);

/**
 * A request's URL as the log keeps it: secret path parameters replaced, and query-string values
 * dropped (they carry phones, signatures), the names kept.
 */
export function loggableUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const [path = '', query] = request.url.split(/\?(.*)/s, 2);
  const pattern = request.routeOptions?.url?.split('/');
  const segments = path.split('/');
  if (pattern?.length === segments.length) {
    pattern.forEach((part, index) => {
      if (part.startsWith(':') && SECRET_PARAMS.has(part.slice(1))) segments[index] = '[redacted]';
    });
  }
  if (query === undefined) return segments.join('/');
  const names = [...new Set(new URLSearchParams(query).keys())];
  return `${segments.join('/')}?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}`;
}

/** Pino serializers of every log line: the request without secrets, errors without query values. */
export const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggableUrl(request),
    remoteAddress: request.ip,
  }),
  err: (error: Error) => serializeError(error),
};

/** One error handler and one not-found answer for the whole API. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = describe(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
      if (error instanceof LimitError)
        return reply.status(known.status).send({ message: known.code, remaining: Number(error.remaining) });
      if (retryAfter === undefined) return reply.status(known.status).send({ message: known.code });
      return reply
        .status(known.status)
        .header('retry-after', String(retryAfter))
        .send({ message: known.code, retryAfter });
    }
    // Unknown failure: log everything, tell the client nothing about the inside.
    request.log.error({ err: error }, 'unexpected failure');
    return reply.status(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });
}

export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ message: 'NOT_FOUND' });
}
