import type { Config } from '../../config';
import type { Authenticator } from '../../platform/auth';
import { hashToken, looksLikeToken, newToken } from '../../platform/crypto';
import { fail } from '../../platform/errors';
import type { SessionCache } from '../../platform/session-cache';
import type { AccountsRepository } from './accounts.repository';
import type { ClientMeta } from './accounts.service';

/** A session as the look-up of every request needs it. */
export interface CachedSession {
  memberId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  status: string;
}

/** Sessions are touched at most this often, so a busy member does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionsOptions {
  repository: AccountsRepository;
  lifetimes: Pick<Config['session'], 'idleMs' | 'maxAgeMs'>;
  now: () => Date;
  /** This process's cache of sessions (decision 031); none: every request reads its session. */
  sessions: SessionCache<CachedSession> | null;
  /** Closes the chat sockets of exactly these revoked sessions, on every process (decision 038). */
  sessionsEnded: ((tokenHashes: string[]) => Promise<void>) | undefined;
}

/** Members' opaque sessions: opened, looked up on every request, and revoked everywhere at once. */
export function createSessions(options: SessionsOptions) {
  const { repository, lifetimes, now, sessions } = options;

  async function loadSession(tokenHash: string): Promise<CachedSession | null> {
    const found = await repository.sessionByHash(tokenHash);
    if (!found) return null;
    const { memberId, expiresAt, lastSeenAt } = found.session;
    return { memberId, expiresAt, lastSeenAt, status: found.status };
  }

  /**
   * Ends sessions here and, through the cache, in every process, then closes the sockets of those
   * `ended` (not every session of a member: a password change keeps the changing one), before the
   * caller answers.
   */
  const revoked = async (revocation: { token: string } | { member: number }, ended: string[]) => {
    await sessions?.revoke(revocation);
    if (ended.length > 0) await options.sessionsEnded?.(ended);
  };

  const authenticator: Authenticator = {
    async authenticate(token, options) {
      if (!looksLikeToken(token)) fail('invalid-token', 401);
      const tokenHash = hashToken(token);
      const at = now();
      const usable = (session: CachedSession) =>
        session.expiresAt > at &&
        at.getTime() - session.lastSeenAt.getTime() <= lifetimes.idleMs &&
        session.status === 'active';
      let found =
        sessions && !options?.fresh
          ? await sessions.read(tokenHash, () => loadSession(tokenHash))
          : await loadSession(tokenHash);
      // A cached copy is never enough to end a session: its last use may be older than the row's.
      if (found && !usable(found) && sessions) {
        sessions.drop(tokenHash);
        found = await loadSession(tokenHash);
      }
      if (!found) return fail('invalid-token', 401);
      if (!usable(found)) {
        await repository.deleteSession(tokenHash);
        await revoked({ token: tokenHash }, [tokenHash]);
        return fail('invalid-token', 401);
      }
      if (at.getTime() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await repository.touchSession(tokenHash, at);
        sessions?.update(tokenHash, (session) => ({ ...session, lastSeenAt: at }));
      }
      return { memberId: found.memberId, tokenHash };
    },
  };

  return {
    authenticator,
    revoked,

    async open(memberId: number, meta: ClientMeta): Promise<string> {
      const token = newToken();
      const at = now();
      await repository.createSession({
        tokenHash: hashToken(token),
        memberId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + lifetimes.maxAgeMs),
        clientAddress: meta.address,
        userAgent: meta.userAgent ?? null,
      });
      return token;
    },

    async logout(tokenHash: string): Promise<void> {
      await repository.deleteSession(tokenHash);
      await revoked({ token: tokenHash }, [tokenHash]);
    },

    /**
     * Locks a member out (inactive) or lets them back in. NOTE: staff tools change a member's status
     * only through here (or publish the revocation themselves, platform/session-cache.ts), so no
     * process goes on answering from a cached session.
     */
    async setStatus(memberId: number, status: 'active' | 'inactive'): Promise<void> {
      await repository.setStatus(memberId, status);
      // Locked out: every session of theirs is unusable from now on; its sockets are closed.
      const ended = status === 'inactive' ? await repository.sessionHashesOf(memberId) : [];
      await revoked({ member: memberId }, ended);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
