import type { Locale, Market } from '@wallet/contract/constants';
import type { ErrorCode } from '@wallet/contract/errors';
import type {
  BankAccountNameRequest,
  ChangePasswordRequest,
  ProfileResponse,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from '@wallet/contract/http/account';
import {
  isEnglishName,
  needsEnglishName,
  bankAccountNoKey,
  normalizeAccountName,
  phoneRule,
} from '@wallet/contract/rules';
import type { Config } from '../../config';
import type { Authenticator } from '../../platform/auth';
import { clientKey } from '../../platform/client-address';
import { hashToken, looksLikeToken, newToken } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { LookupsService } from '../lookups/lookups.service';
import type { OtpService } from '../otp/otp.service';
import type { SessionCache } from '../../platform/session-cache';
import { createAccountsRepository } from './accounts.repository';
import { argon2Hasher, type PasswordHasher } from './password';
import { createRegistration } from './registration';
import { signInDecision } from './sign-in-decision';

/** Where a request came from, for the audit trail and the per-address limits. */
export interface ClientMeta {
  /** As the socket (or the trusted proxies) gave it; the limits count it by its `clientKey`. */
  address: string;
  userAgent: string | undefined;
  /** The token of the device cookie a sign-in set, when the request carried one. */
  device?: string | undefined;
}

/** A sign-in: the session's token, and the device token to keep in the device cookie. */
export interface SignedIn {
  token: string;
  device: string;
}

export interface AccountsServiceOptions {
  db: Database;
  market: Market;
  lookups: LookupsService;
  otp: Pick<OtpService, 'isVerified' | 'consume' | 'takeResetCode'>;
  /** A member's coins (profile.coin): the ledger keeps them, not this module (decision 021). */
  coinsOf: (memberId: number) => Promise<number>;
  login: Config['login'];
  session: Pick<Config['session'], 'idleMs' | 'maxAgeMs'>;
  /**
   * A test's clock. Without it times come from the process, except the sign-in limits', which
   * come from the database's now(), one clock for every process.
   */
  now?: () => Date;
  passwords?: PasswordHasher;
  /**
   * This process's cache of sessions (decision 031); every revocation below goes through it. None:
   * every request reads its session.
   */
  sessions?: SessionCache<CachedSession>;
  /** Closes the chat sockets of exactly these revoked sessions, on every process (decision 038). */
  sessionsEnded?: (tokenHashes: string[]) => Promise<void>;
}

/** A session as the look-up of every request needs it. */
export interface CachedSession {
  memberId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  status: string;
}

/** Sessions are touched at most this often, so a busy member does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

const fail = (code: ErrorCode, status: number): never => {
  throw new AppError(code, status);
};

/** Members, their bank account and their sessions (spec sections 2, 4, 5, 7: Account). */
export function createAccountsService(options: AccountsServiceOptions) {
  const {
    db,
    lookups,
    otp,
    login: limits,
    session: lifetimes,
    now = () => new Date(),
    passwords = argon2Hasher,
  } = options;
  const repository = createAccountsRepository(db);
  const registration = createRegistration({ repository, lookups, otp, passwords });
  const isPhone = phoneRule(options.market);
  /** The sign-in limits' clock: the test's, else the database's (undefined here). */
  const limitsNow = options.now;

  async function openSession(memberId: number, meta: ClientMeta): Promise<string> {
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
  }

  const decide = signInDecision(limits);

  /**
   * The member whose password this is, with their device token, or null. Every try is counted before
   * argon2 runs (REQUEST_LIMIT when `decide` refuses it); a right password forgets this address's
   * failures for the phone and marks the device and address as the member's. Unknown phones cost
   * the same work as known ones (a decoy hash).
   */
  async function checkPassword(username: string, password: string, meta: ClientMeta) {
    const addressKey = clientKey(meta.address);
    const deviceHash = meta.device && looksLikeToken(meta.device) ? hashToken(meta.device) : null;
    const at = await repository.beginPasswordAttempt(
      {
        username,
        addressKey,
        deviceHash,
        at: limitsNow?.(),
        windowMs: limits.windowMs,
        knownForMs: limits.knownForMs,
      },
      decide,
    );
    if (!at) return fail('REQUEST_LIMIT', 429);
    const member = await repository.memberByUsername(username);
    const passwordOk = await passwords.verify(
      member?.passwordHash ?? (await passwords.decoyHash()),
      password,
    );
    if (!member || !passwordOk) return null;
    // The device keeps its token when it is this member's already; else it gets a new one.
    const device =
      deviceHash !== null &&
      (await repository.isKnownDevice(username, deviceHash, new Date(at.getTime() - limits.knownForMs)))
        ? meta.device!
        : newToken();
    await repository.passwordWasRight(username, addressKey, hashToken(device), at);
    return { member, device };
  }

  const sessions = options.sessions ?? null;

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

    /** How long the device cookie a sign-in sets keeps the device known. */
    deviceLifetimeMs: limits.knownForMs,

    usernameExists: async (username: string) => (await repository.memberByUsername(username)) !== null,

    validate: registration.validate,
    register: registration.register,

    /**
     * One answer for an unknown phone and a wrong password, after the same work, so neither
     * the answer nor its timing tells which phones are members. What is not a phone at all is
     * answered the same at once, before any counting or hashing.
     */
    async login(username: string, password: string, meta: ClientMeta): Promise<SignedIn> {
      const phone = isPhone.safeParse(username);
      if (!phone.success) return fail('WRONG_CREDENTIAL', 401);
      const signedIn = await checkPassword(phone.data, password, meta);
      if (!signedIn) return fail('WRONG_CREDENTIAL', 401);
      if (signedIn.member.status !== 'active') fail('INACTIVE_USER', 403);
      return { token: await openSession(signedIn.member.id, meta), device: signedIn.device };
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

    /** The profile, its bank named in `locale`. */
    async profile(memberId: number, locale: Locale): Promise<ProfileResponse> {
      const found = await repository.profileOf(memberId);
      if (!found) return fail('NO_USER', 404);
      const [bank, coin] = await Promise.all([
        lookups.findBank(found.bank.bankCode, locale),
        options.coinsOf(memberId),
      ]);
      return {
        profile: {
          _id: String(found.member.id),
          username: found.member.username,
          name: found.member.name,
          coin,
          createdAt: found.member.createdAt.toISOString(),
        },
        bankAccount: {
          bankAccountName: found.bank.accountName,
          bankAccountNo: found.bank.accountNo,
          bank: {
            code: found.bank.bankCode,
            name: bank?.name ?? found.bank.bankCode,
            nameTH: bank?.nameTH ?? found.bank.bankCode,
            nameEN: bank?.nameEN ?? found.bank.bankCode,
          },
          nameEditable: needsEnglishName(found.bank.bankCode) && !isEnglishName(found.bank.accountName),
        },
      };
    },

    /**
     * Forgets sessions that can no longer be used (past their end, or idle too long) and sign-in
     * failures older than a day (the limits look back `login.windowMs`). Answers how many rows went.
     */
    async purge(): Promise<number> {
      const at = now();
      return repository.purge(
        at,
        new Date(at.getTime() - lifetimes.idleMs),
        new Date(at.getTime() - Math.max(limits.windowMs, 86_400_000)),
        new Date(at.getTime() - limits.knownForMs),
        limits.phoneForgetMs,
      );
    },

    /** What money needs of a member: their currency, and the bank account payouts go to. */
    async moneyProfile(memberId: number) {
      const found = await repository.profileOf(memberId);
      if (!found) return fail('NO_USER', 404);
      // Since when the account is the member's as it stands (registered, or last changed: its
      // number or name, by its row's stamp or its audit trail, whichever is later).
      const changed = await repository.lastBankChange(memberId);
      return {
        currency: found.member.currency,
        bank: {
          code: found.bank.bankCode,
          accountNo: found.bank.accountNo,
          accountName: found.bank.accountName,
          since: changed && changed > found.bank.updatedAt ? changed : found.bank.updatedAt,
        },
      };
    },

    /** For the invite bonus (decision 020): who invited whom, names, and the bank details compared. */
    referrals: {
      invitersOf: (memberIds: number[]) => repository.invitersOf(memberIds),
      namesOf: (memberIds: number[]) => repository.namesOf(memberIds),
      inviteesOf: (inviterId: number) => repository.inviteesOf(inviterId),
      allInvitees: () => repository.allInvitees(),
      /** The member's currency and registered bank account (null: no such member). */
      async bankOf(memberId: number) {
        const found = await repository.profileOf(memberId);
        if (!found) return null;
        return {
          currency: found.member.currency,
          bankCode: found.bank.bankCode,
          accountNo: found.bank.accountNo,
          accountName: found.bank.accountName,
        };
      },
    },

    /** The name a registered bank account is held in (the sandbox bank knows its customers so). */
    accountHolder: (bankCode: string, accountNo: string) => repository.bankAccountHolder(bankCode, accountNo),

    /** The member may change their name; the bank account itself is changed by staff only. */
    async updateProfile(
      memberId: number,
      body: UpdateProfileRequest,
      locale: Locale,
    ): Promise<ProfileResponse> {
      const current = await repository.profileOf(memberId);
      if (!current) return fail('NO_USER', 404);
      const differs = (sent: string | undefined, stored: string, normalize = (v: string) => v.trim()) =>
        sent !== undefined && sent.trim() !== '' && normalize(sent) !== normalize(stored);
      if (
        differs(body.bankCode, current.bank.bankCode) ||
        differs(body.bankAccountNo, current.bank.accountNo, bankAccountNoKey) ||
        differs(body.bankAccountName, current.bank.accountName, normalizeAccountName)
      ) {
        fail('BANK_CHANGE_BY_STAFF_ONLY', 403);
      }
      await repository.renameMember(memberId, body.name);
      return this.profile(memberId, locale);
    },

    /** Answers the device token to keep in the device cookie (see `login`). */
    async changePassword(
      member: { id: number; tokenHash: string },
      body: ChangePasswordRequest,
      meta: ClientMeta,
    ): Promise<string> {
      const current = await repository.memberById(member.id);
      if (!current) return fail('NO_USER', 404);
      // A stolen session must not be a way to guess the password without limit.
      const checked = await checkPassword(current.username, body.oldPassword, meta);
      if (!checked) return fail('WRONG_PASSWORD', 400);
      const hash = await passwords.hash(body.newPassword);
      await revoked(
        { member: member.id },
        await repository.changePassword(member.id, hash, member.tokenHash),
      );
      // Whoever knew the old password signed in from somewhere: only this device and address stay known.
      await repository.forgetOtherDevices(
        current.username,
        hashToken(checked.device),
        clientKey(meta.address),
      );
      return checked.device;
    },

    /**
     * A forgotten password replaced by the holder of a verified password-reset code (decision
     * 022): the code is used up first, then the password changes and every session of the member
     * ends, and only this device and address stay known for the sign-in limits (the phone's owner
     * proved themselves; whoever knew the old password elsewhere did not). Answers the device
     * token to keep in the device cookie.
     */
    async resetPassword(body: ResetPasswordRequest, meta: ClientMeta): Promise<string> {
      const phone = await otp.takeResetCode(body.otpToken);
      const member = await repository.memberByUsername(phone);
      // Only members' phones receive codes; a member removed since has nothing to reset.
      if (!member) return fail('OTP_NOT_EXIST', 400);
      const device = newToken();
      const addressKey = clientKey(meta.address);
      const hash = await passwords.hash(body.newPassword);
      await revoked({ member: member.id }, await repository.resetPassword(member.id, member.username, hash));
      // Their own failed tries from here (why they came) no longer hold them back.
      await repository.passwordWasRight(member.username, addressKey, hashToken(device), now());
      return device;
    },

    /** Only KTB, TMB and BBL names not yet in English may be corrected, and only into English. */
    async changeBankAccountName(
      memberId: number,
      body: BankAccountNameRequest,
      meta: ClientMeta,
      locale: Locale,
    ) {
      const current = await repository.profileOf(memberId);
      if (!current) return fail('NO_USER', 404);
      if (body.bankCode !== current.bank.bankCode) fail('INVALID_BANK', 400);
      if (!needsEnglishName(current.bank.bankCode) || isEnglishName(current.bank.accountName)) {
        fail('BANK_ACCOUNT_NAME_LOCKED', 403);
      }
      const renamed = await repository.renameBankAccount(
        memberId,
        current.bank.accountName,
        body.bankAccountName,
        {
          memberId,
          actorType: 'member',
          actorId: String(memberId),
          field: 'bankAccountName',
          oldValue: current.bank.accountName,
          newValue: body.bankAccountName,
          clientAddress: meta.address,
          userAgent: meta.userAgent ?? null,
        },
      );
      if (!renamed) fail('BANK_ACCOUNT_NAME_LOCKED', 409);
      return this.profile(memberId, locale);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
