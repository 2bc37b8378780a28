// NOTE: answers are checked with zod/mini's parse, which reads schemas of zod and of zod/mini alike;
// a schema's own .parse would bring no more, but typing against the core keeps both kinds in.
import { parse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, TIMING } from '@wallet/contract/constants';
import type { ErrorCode } from '@wallet/contract/errors';
import { SESSION_ENDING_CODES } from '@wallet/contract/session-codes';
import { storage } from './storage';

/**
 * The one way the member site talks to the server (spec section 7): 60 s timeout (300 s
 * for uploads, with progress), bearer token when signed in, the fixed client header,
 * and the two answers that change where the member is: `gone` and a dead session.
 */

/** A failed call: `code` is the server's error code (or one of ours for network trouble). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    /** The failure's whole answer, for calls whose refusal says more than its code (OtpVerifyRefusal). */
    readonly body?: unknown,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** Codes of failures that never reached the server's error handler. */
export const NETWORK_ERROR = 'NETWORK_ERROR' satisfies ErrorCode;
export const TIMEOUT_ERROR = 'TIMEOUT_ERROR' satisfies ErrorCode;

/** The code a failed call answered, for its translated text (anything else: an internal error). */
export const errorCodeOf = (error: unknown): string =>
  error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR';

interface Navigation {
  /** The service is switched off: show /terminated. */
  onGone(): void;
  /** The session is no longer valid: the token is already cleared; show /login. */
  onSessionEnded(): void;
  /** The language the server should answer texts in. */
  locale(): string;
}

let navigation: Navigation = { onGone() {}, onSessionEnded() {}, locale: () => 'th' };

/** The app wires navigation in once, at start. */
export function configureApiClient(next: Navigation): void {
  navigation = next;
}

/**
 * Whose session a call carries: the member's, unless the call names another (the staff console's,
 * features/console), whose token and end are its own and never touch the member's.
 */
export interface ApiSession {
  /** What proves the session on each call: the member's bearer token, the staff session's CSRF token. */
  headers(): Record<string, string>;
  /** Whether an answer's error code means the session ended. */
  ends(code: string): boolean;
  /** The session ended: forget its token and leave. */
  onEnded(): void;
}

const memberSession: ApiSession = {
  headers(): Record<string, string> {
    const token = storage.getToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
  ends: (code) => SESSION_ENDING_CODES.includes(code),
  onEnded() {
    storage.clearToken();
    navigation.onSessionEnded();
  },
};

function headers(extra: Record<string, string> = {}, session = memberSession): Record<string, string> {
  return {
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
    'accept-language': navigation.locale(),
    ...session.headers(),
    ...extra,
  };
}

/** Reacts to the answers that move the member elsewhere; returns the error to throw. */
function failure(status: number, body: unknown, session = memberSession): ApiError {
  const code =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : status >= 500
        ? 'INTERNAL_SERVER_ERROR'
        : NETWORK_ERROR;
  if (code === 'gone') navigation.onGone();
  if (session.ends(code)) session.onEnded();
  return new ApiError(code, status, body);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export interface RequestOptions<S extends $ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The contract schema of the answer; the answer is checked against it. */
  schema: S;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** The member's session unless given. */
  session?: ApiSession;
}

export async function apiRequest<S extends $ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<output<S>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIMING.requestTimeoutMs);
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: headers(
        {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        options.session,
      ),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(controller.signal.aborted ? TIMEOUT_ERROR : NETWORK_ERROR, 0);
  } finally {
    clearTimeout(timer);
  }
  const body = parseJson(await response.text());
  if (!response.ok) throw failure(response.status, body, options.session);
  return parse(options.schema, body);
}

export interface UploadOptions<S extends $ZodType> {
  file: Blob;
  fileName: string;
  /** The multipart field name; `file` unless the call says otherwise. */
  field?: string;
  schema: S;
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  /** Headers of this call (an Idempotency-Key), beside the client's own. */
  headers?: Record<string, string>;
  /** Text fields sent before the file, in this order (a chat guest's `guestId`). */
  fields?: Record<string, string>;
  /** The member's session unless given. */
  session?: ApiSession;
  /** POST unless the route puts the file in its place (an offer's banner image: PUT). */
  method?: 'POST' | 'PUT';
}

/** A multipart upload with progress; XMLHttpRequest because fetch reports no upload progress. */
export function apiUpload<S extends $ZodType>(path: string, options: UploadOptions<S>): Promise<output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.timeout = options.timeoutMs ?? TIMING.uploadTimeoutMs;
    for (const [name, value] of Object.entries(headers(options.headers, options.session)))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parse(options.schema, body));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      } else reject(failure(xhr.status, body, options.session));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.ontimeout = () => reject(new ApiError(TIMEOUT_ERROR, 0));
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append(options.field ?? 'file', options.file, options.fileName);
    xhr.send(form);
  });
}

/**
 * A file the server makes (a CSV export), as a Blob: the same headers, session and refusals as
 * apiRequest, the answer kept as bytes. `timeoutMs` covers the whole download.
 */
export async function apiDownload(
  path: string,
  options: { session?: ApiSession; timeoutMs?: number } = {},
): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIMING.uploadTimeoutMs);
  try {
    const response = await fetch(path, { headers: headers({}, options.session), signal: controller.signal });
    if (!response.ok) throw failure(response.status, parseJson(await response.text()), options.session);
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(controller.signal.aborted ? TIMEOUT_ERROR : NETWORK_ERROR, 0);
  } finally {
    clearTimeout(timer);
  }
}
