import { generateSecret, generateURI, verify } from 'otplib';
import type { ErrorCode } from '@wallet/contract/errors';
import {
  StaffCreate,
  type StaffCreateInput,
  type StaffLoginResponse,
  type StaffProfile,
} from '@wallet/contract/http/console';
import { hashToken, looksLikeToken, newToken } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { StaffAuthenticator } from '../../platform/staff-auth';
import { appendAudit } from './audit-chain';
import { auditEntry, createStaffAudit, type StaffClient } from './staff-audit';
import { createStaffDesk } from './staff-desk';
import { createStaffThrottle } from './staff-throttle';
import { hashStaffPassword, staffDecoyHash, verifyStaffPassword } from './staff-password';
import { createStaffRepository } from './staff.repository';
import { staffProfile } from './staff-profile';

/** What the authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'Member Wallet Console';
/** RFC 6238's usual step; authenticator apps assume it. */
const TOTP_PERIOD_SECONDS = 30;

/** Sign-in and session limits (docs/decisions/024-staff-console-sign-in.md). */
export interface StaffLimits {
  /** Between a right password and its code. */
  challengeTtlMs: number;
  /** Wrong codes one challenge takes; the next answer is refused whatever it is. */
  maxCodeAttempts: number;
  sessionMaxAgeMs: number;
  sessionIdleMs: number;
  /** Failed sign-in tries (password or code) per window from one address, any usernames. */
  triesPerAddress: number;
  /** Failed tries (password or code) per window for one username from one address. */
  triesPerUsernameAndAddress: number;
  /** Failed tries per window for one username from every address: a distributed guess's ceiling. */
  triesPerUsername: number;
  triesWindowMs: number;
}

const MINUTE = 60_000;
export const STAFF_LIMITS: StaffLimits = {
  challengeTtlMs: 5 * MINUTE,
  maxCodeAttempts: 5,
  sessionMaxAgeMs: 12 * 60 * MINUTE,
  sessionIdleMs: 2 * 60 * MINUTE,
  triesPerAddress: 30,
  triesPerUsernameAndAddress: 5,
  triesPerUsername: 50,
  triesWindowMs: 15 * MINUTE,
};

/** Sessions are touched at most this often, so a busy console does not write on every call. */
const TOUCH_EVERY_MS = MINUTE;

export interface StaffServiceOptions {
  db: Database;
  /** Redis-backed when REDIS_URL is set, so the limits hold across processes. */
  limiter: RateLimiter;
  /** Tests move it to make TOTP codes of a given time and to age sessions. */
  now?: () => Date;
  limits?: Partial<StaffLimits>;
  /** argon2id; a test passes a wrapper that counts the work done. */
  passwords?: StaffPasswords;
  /** Closes the chat sockets of exactly these ended sessions, on every process (decision 038). */
  sessionsEnded?: (tokenHashes: string[]) => Promise<void>;
}

export interface StaffPasswords {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  decoyHash(): Promise<string>;
}

const argon2Passwords: StaffPasswords = {
  hash: hashStaffPassword,
  verify: verifyStaffPassword,
  decoyHash: staffDecoyHash,
};

const fail = (code: ErrorCode, status: number): never => {
  throw new AppError(code, status);
};

/** The time step of a code of `secret`, within one step either side of `at`; null when it is not one. */
async function codeStep(secret: string, code: string, at: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(at.getTime() / 1000),
      // One step either side: a phone's clock a little off, or a code typed as it turned.
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    // NOTE: otplib's functional verify types a HOTP result too; a TOTP one carries its timeStep.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A secret or code otplib cannot read is no code.
    return null;
  }
}

/** How a second step ended; written to the audit inside its transaction, answered after. */
type StepOutcome =
  | { ok: true; token: string; staff: StaffProfile }
  /** `username`: a wrong code of this staff member, counted against their username. */
  | { ok: false; code: ErrorCode; status: number; username?: string };

/** A signed-in staff member: the session's token goes into the cookie, never into a body. */
export interface StaffSignedIn {
  token: string;
  staff: StaffProfile;
}

/** Staff of the operator console: accounts, the two-step sign-in, sessions and the audit. */
export function createStaffService(options: StaffServiceOptions) {
  const { db, limiter, now = () => new Date(), passwords = argon2Passwords } = options;
  const limits = { ...STAFF_LIMITS, ...options.limits };
  const repository = createStaffRepository(db);
  const audit = createStaffAudit({
    insert: (entry) => repository.audit(entry),
    insertIn: (tx, entry) => appendAudit(tx, entry),
    now,
  });
  const ended = async (tokenHashes: string[]) => {
    if (tokenHashes.length > 0) await options.sessionsEnded?.(tokenHashes);
  };

  const throttle = createStaffThrottle(limiter, {
    failuresPerAddress: limits.triesPerAddress,
    failuresPerUsernameAndAddress: limits.triesPerUsernameAndAddress,
    failuresPerUsername: limits.triesPerUsername,
    windowMs: limits.triesWindowMs,
  });

  /** The staff member of a session, by its token's hash; an ended session is ended for good. */
  async function sessionOf(tokenHash: string) {
    const found = await repository.sessionByHash(tokenHash);
    if (!found || found.session.revokedAt !== null) return fail('STAFF_SESSION_INVALID', 401);
    const at = now();
    const idleFor = at.getTime() - found.session.lastSeenAt.getTime();
    if (found.session.expiresAt <= at || idleFor > limits.sessionIdleMs || !found.staff.active) {
      // Ended for good: a staff member switched on again signs in again.
      await repository.revokeSession(tokenHash, at);
      await ended([tokenHash]);
      return fail('STAFF_SESSION_INVALID', 401);
    }
    if (idleFor > TOUCH_EVERY_MS) await repository.touchSession(tokenHash, at);
    return {
      staffId: found.session.staffId,
      username: found.staff.username,
      name: found.staff.name,
      role: found.staff.role,
      tokenHash,
    };
  }

  const authenticator: StaffAuthenticator = {
    async authenticate(token) {
      if (!looksLikeToken(token)) return fail('STAFF_SESSION_INVALID', 401);
      return sessionOf(hashToken(token));
    },
    authenticateHash: sessionOf,
  };

  return {
    authenticator,
    audit,
    /** The staff screen: list, make, change role, switch off or on, reset the authenticator. */
    desk: createStaffDesk({ db, now, hashPassword: (password) => passwords.hash(password), ended }),
    /** How long a session lasts at most: its cookie's lifetime. */
    sessionMaxAgeMs: limits.sessionMaxAgeMs,

    /** A new staff member (npm run staff:create); the TOTP is enrolled at their first sign-in. */
    async create(input: StaffCreateInput): Promise<StaffProfile> {
      const parsed = StaffCreate.safeParse(input);
      if (!parsed.success) return fail('INVALID_INPUT', 400);
      const { username, name, role } = parsed.data;
      try {
        const id = await repository.createStaff({
          username,
          name,
          role,
          passwordHash: await passwords.hash(parsed.data.password),
        });
        return staffProfile({ id, username, name, role });
      } catch (error) {
        if (uniqueViolation(error) !== null) return fail('EXISTING_USER', 409);
        throw error;
      }
    },

    /**
     * Step one: username and password. One answer (STAFF_LOGIN_FAIL) after the same work for an
     * unknown username, a wrong password and a switched-off account; the audit tells them apart.
     */
    async login(rawUsername: string, password: string, client: StaffClient): Promise<StaffLoginResponse> {
      const username = rawUsername.trim().toLowerCase();
      const release = await throttle.password(client, username);
      const staff = await repository.staffByUsername(username);
      const passwordOk = await passwords.verify(
        staff?.passwordHash ?? (await passwords.decoyHash()),
        password,
      );
      if (!staff || !passwordOk || !staff.active) {
        const reason = !staff ? 'unknown' : !passwordOk ? 'password' : 'inactive';
        // An unknown username is not written down: it is often a password typed in the wrong field.
        await audit.write(
          staff?.id ?? null,
          'login.fail',
          null,
          staff ? { username, reason } : { reason },
          client,
        );
        return fail('STAFF_LOGIN_FAIL', 401);
      }
      // A right password is no failure: the try is given back (a wrong code counts later).
      await release();
      const challenge = newToken();
      // Not enrolled yet: a new secret, kept with the challenge until a code proves the app has it.
      const pendingSecret = staff.totpSecret === null ? generateSecret() : null;
      const at = now();
      await repository.createChallenge({
        tokenHash: hashToken(challenge),
        staffId: staff.id,
        pendingSecret,
        expiresAt: new Date(at.getTime() + limits.challengeTtlMs),
        createdAt: at,
      });
      const step = pendingSecret === null ? 'totp' : 'enrol';
      await audit.write(staff.id, 'login.password_ok', null, { step }, client);
      if (pendingSecret === null) return { step: 'totp', challenge };
      return {
        step: 'enrol',
        challenge,
        otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: staff.username, secret: pendingSecret }),
        secret: pendingSecret,
      };
    },

    /**
     * Step two: the challenge and a code. A wrong code, or one of a time step already used
     * (replay), counts against the challenge; after `maxCodeAttempts` the challenge is spent.
     * Everything happens under the challenge's and the staff member's row locks, in one
     * transaction with its audit rows, so two answers cannot both pass.
     */
    async verifyCode(challenge: string, code: string, client: StaffClient): Promise<StaffSignedIn> {
      const release = await throttle.code(client);
      if (!looksLikeToken(challenge)) return fail('STAFF_CHALLENGE_EXPIRED', 401);
      const tokenHash = hashToken(challenge);
      const at = now();
      const outcome = await repository.transaction(async (q): Promise<StepOutcome> => {
        const found = await q.lockChallenge(tokenHash);
        if (!found) return { ok: false, code: 'STAFF_CHALLENGE_EXPIRED', status: 401 };
        const refuse = async (reason: string, code: ErrorCode, username?: string): Promise<StepOutcome> => {
          await q.audit(auditEntry(found.staffId, 'login.fail', null, { reason }, client, at));
          return { ok: false, code, status: 401, username };
        };
        if (found.usedAt !== null || found.expiresAt <= at || found.attempts >= limits.maxCodeAttempts) {
          return refuse('challenge', 'STAFF_CHALLENGE_EXPIRED');
        }
        const staff = await q.lockStaff(found.staffId);
        if (!staff?.active) {
          await q.useChallenge(tokenHash, at);
          return refuse('inactive', 'STAFF_LOGIN_FAIL');
        }
        // NOTE: two enrolments at once: the first proven secret stays, the other challenge is spent.
        const secret = found.pendingSecret ?? staff.totpSecret;
        if (secret === null || (found.pendingSecret !== null && staff.totpSecret !== null)) {
          await q.useChallenge(tokenHash, at);
          return refuse('enrolment', 'STAFF_CHALLENGE_EXPIRED');
        }
        const step = await codeStep(secret, code, at);
        if (step === null || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
          await q.countAttempt(tokenHash);
          return refuse(step === null ? 'code' : 'replay', 'STAFF_CODE_INVALID', staff.username);
        }
        await q.acceptCode(staff.id, step, found.pendingSecret);
        await q.useChallenge(tokenHash, at);
        const token = newToken();
        await q.createSession({
          tokenHash: hashToken(token),
          staffId: staff.id,
          ip: client.ip,
          userAgent: client.userAgent,
          createdAt: at,
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + limits.sessionMaxAgeMs),
        });
        if (found.pendingSecret !== null) {
          await q.audit(auditEntry(staff.id, 'login.enrolled', null, {}, client, at));
        }
        await q.audit(auditEntry(staff.id, 'login.success', null, {}, client, at));
        return { ok: true, token, staff: staffProfile(staff) };
      });
      if (!outcome.ok) {
        if (outcome.username !== undefined) await throttle.codeFailed(client, outcome.username);
        return fail(outcome.code, outcome.status);
      }
      await release();
      return { token: outcome.token, staff: outcome.staff };
    },

    /** Ends the session for good. */
    async logout(tokenHash: string): Promise<void> {
      await repository.revokeSession(tokenHash, now());
      await ended([tokenHash]);
    },

    /**
     * Deletes challenges past their end or answered, and sessions ended (past their end, idle too
     * long or revoked). Answers how many rows went.
     */
    async purge(): Promise<number> {
      const at = now();
      return repository.purge(at, new Date(at.getTime() - limits.sessionIdleMs));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
