import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Turns a bearer token into the member it belongs to, or throws the code to answer. */
export interface Authenticator {
  /**
   * `fresh`: read the session from the database, not a process's cache: for checks that exist to
   * find sessions ended behind the server's back (the chat socket's recheck).
   */
  authenticate(
    token: string,
    options?: { fresh?: boolean },
  ): Promise<{ memberId: number; tokenHash: string }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireMember on routes that need a signed-in member. */
    member: { id: number; tokenHash: string } | null;
  }
  interface FastifyInstance {
    /** preHandler of every route that acts for a signed-in member. */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header.trim());
  return match ? match[1]! : null;
}

/** Decorates the root instance, so every module's routes can ask for a member. */
export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('member', null);
  app.decorate('requireMember', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(request.headers.authorization ? 'invalid-token' : 'UNAUTHORIZED', 401);
    const session = await authenticator.authenticate(token);
    request.member = { id: session.memberId, tokenHash: session.tokenHash };
  });
}

/** The signed-in member of a route guarded by requireMember. */
export function memberOf(request: FastifyRequest): { id: number; tokenHash: string } {
  if (!request.member) throw new AppError('UNAUTHORIZED', 401);
  return request.member;
}
