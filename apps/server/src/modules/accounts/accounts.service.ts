import type { Market } from '@wallet/contract/constants';
import type { ErrorCode } from '@wallet/contract/errors';
import type {
  BankAccountNameRequest,
  ChangePasswordRequest,
  ProfileResponse,
  RegisterRequest,
  UpdateProfileRequest,
  ValidateRequest,
} from '@wallet/contract/http/account';
import {
  isEnglishName,
  needsEnglishName,
  normalizeAccountName,
  normalizePhone,
  profileIdOfInviteCode,
} from '@wallet/contract/rules';
import type { Config } from '../../config';
import type { Authenticator } from '../../platform/auth';
import { hashToken, looksLikeToken, newToken } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { LookupsService } from '../lookups/lookups.service';
import type { OtpService } from '../otp/otp.service';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { createAccountsRepository, type FailureCounts } from './accounts.repository';
import { argon2Hasher, type PasswordHasher } from './password';

/** Where a request came from, for the audit trail and the per-address limits. */
export interface ClientMeta {
  address: string;
  userAgent: string | undefined;
}

export interface AccountsServiceOptions {
  db: Database;
  market: Market;
  lookups: LookupsService;
  otp: Pick<OtpService, 'isVerified' | 'consume'>;
  login: Config['login'];
  session: Config['session'];
  now?: () => Date;
  passwords?: PasswordHasher;
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

  /** Every rule of registration the database can answer; the payload's own rules ran already. */
  async function checkRegistration(payload: ValidateRequest) {
    if (await repository.memberByUsername(payload.username)) fail('EXISTING_USER', 409);
    if ((await lookups.registerOtpEnabled()) && !(await otp.isVerified(payload.username, payload.otpToken))) {
      fail('UNVERIFIED_OTP', 400);
    }
    if (!(await lookups.sourceExists(payload.sourceCode))) fail('SOURCE_INVALID', 400);
    let inviterId: number | null = null;
    if (payload.inviteCode) {
      inviterId = profileIdOfInviteCode(payload.inviteCode);
      if (inviterId === null || !(await repository.memberById(inviterId))) fail('INVITE_CODE_INVALID', 400);
    }
    if (payload.bankCode) {
      const bank = await lookups.findBank(payload.bankCode);
      if (!bank) fail('INVALID_BANK', 400);
      if (
        payload.bankAccountNo &&
        (await repository.bankAccountHolder(payload.bankCode, payload.bankAccountNo)) !== null
      ) {
        fail('EXISTING_BANK', 409);
      }
    }
    return { inviterId };
  }

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

  /**
   * Whether a password try may be checked now, from the failures in the window
   * (docs/decisions/015-sign-in-throttling.md). No rule lets a stranger keep a member out:
   * - an address that failed maxFailuresPerPhoneAndAddress times for a phone is refused for that
   *   phone; other addresses are not;
   * - past maxFailuresPerPhone failures from all addresses (only a distributed attack gets there),
   *   each try waits a back-off after the phone's last failure, doubling from 1 s to backoffMaxMs;
   * - an address from which maxFailuresPerAddress phones failed gets one failure per phone; a phone
   *   that has not failed from there is always checked, so a shared carrier address keeps no one out.
   */
  function admits(counts: FailureCounts, at: Date): boolean {
    if (counts.pair >= limits.maxFailuresPerPhoneAndAddress) return false;
    if (counts.pair > 0 && counts.addressPhones >= limits.maxFailuresPerAddress) return false;
    if (counts.phone >= limits.maxFailuresPerPhone && counts.phoneLast) {
      const backoffMs = Math.min(
        1000 * 2 ** (counts.phone - limits.maxFailuresPerPhone),
        limits.backoffMaxMs,
      );
      if (at.getTime() - counts.phoneLast.getTime() < backoffMs) return false;
    }
    return true;
  }

  /**
   * The member whose password this is, or null. Every try is counted before argon2 runs
   * (REQUEST_LIMIT when `admits` refuses it); a right password forgets this address's failures
   * for the phone. Unknown phones cost the same work as known ones (a decoy hash).
   */
  async function checkPassword(username: string, password: string, meta: ClientMeta) {
    const at = now();
    const since = new Date(at.getTime() - limits.windowMs);
    if (!(await repository.beginPasswordAttempt(username, meta.address, at, since, (c) => admits(c, at)))) {
      return fail('REQUEST_LIMIT', 429);
    }
    const member = await repository.memberByUsername(username);
    const passwordOk = await passwords.verify(
      member?.passwordHash ?? (await passwords.decoyHash()),
      password,
    );
    if (!member || !passwordOk) return null;
    await repository.clearLoginFailures(username, meta.address);
    return member;
  }

  const authenticator: Authenticator = {
    async authenticate(token) {
      if (!looksLikeToken(token)) fail('invalid-token', 401);
      const tokenHash = hashToken(token);
      const found = await repository.sessionByHash(tokenHash);
      if (!found) return fail('invalid-token', 401);
      const at = now();
      const idleSince = at.getTime() - found.session.lastSeenAt.getTime();
      if (found.session.expiresAt <= at || idleSince > lifetimes.idleMs || found.status !== 'active') {
        await repository.deleteSession(tokenHash);
        return fail('invalid-token', 401);
      }
      if (idleSince > TOUCH_EVERY_MS) await repository.touchSession(tokenHash, at);
      return { memberId: found.session.memberId, tokenHash };
    },
  };

  return {
    authenticator,

    usernameExists: async (username: string) => (await repository.memberByUsername(username)) !== null,

    async validate(payload: ValidateRequest): Promise<void> {
      await checkRegistration(payload);
    },

    async register(payload: RegisterRequest, meta: ClientMeta): Promise<string> {
      const { inviterId } = await checkRegistration(payload);
      try {
        const id = await repository.createMember(
          {
            username: payload.username,
            name: payload.name,
            passwordHash: await passwords.hash(payload.password),
            sourceCode: payload.sourceCode,
            inviterId,
            currency: payload.currency,
          },
          {
            bankCode: payload.bankCode,
            accountNo: payload.bankAccountNo,
            accountName: payload.bankAccountName,
          },
          {
            actorType: 'member',
            actorId: 'registration',
            field: 'bankAccount',
            oldValue: null,
            newValue: `${payload.bankCode} ${payload.bankAccountNo} ${payload.bankAccountName}`,
            clientAddress: meta.address,
            userAgent: meta.userAgent ?? null,
          },
        );
        await otp.consume(payload.username);
        return String(id);
      } catch (error) {
        // Two registrations racing for one phone or one bank account: the database decides.
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        return fail(constraint.includes('bank') ? 'EXISTING_BANK' : 'EXISTING_USER', 409);
      }
    },

    /**
     * One answer for an unknown phone and a wrong password, after the same work, so neither
     * the answer nor its timing tells which phones are members.
     */
    async login(username: string, password: string, meta: ClientMeta): Promise<string> {
      const member = await checkPassword(username, password, meta);
      if (!member) return fail('WRONG_CREDENTIAL', 401);
      if (member.status !== 'active') fail('INACTIVE_USER', 403);
      return openSession(member.id, meta);
    },

    async logout(tokenHash: string): Promise<void> {
      await repository.deleteSession(tokenHash);
    },

    async profile(memberId: number): Promise<ProfileResponse> {
      const found = await repository.profileOf(memberId);
      if (!found) return fail('NO_USER', 404);
      const bank = await lookups.findBank(found.bank.bankCode);
      return {
        profile: {
          _id: String(found.member.id),
          username: found.member.username,
          name: found.member.name,
          coin: found.member.coin,
          createdAt: found.member.createdAt.toISOString(),
        },
        bankAccount: {
          bankAccountName: found.bank.accountName,
          bankAccountNo: found.bank.accountNo,
          bank: {
            code: found.bank.bankCode,
            nameTH: bank?.nameTH ?? found.bank.bankCode,
            nameEN: bank?.nameEN ?? found.bank.bankCode,
          },
          nameEditable: needsEnglishName(found.bank.bankCode) && !isEnglishName(found.bank.accountName),
        },
      };
    },

    /** What money needs of a member: their currency, and the bank account payouts go to. */
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
      );
    },

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

    /** The name a registered bank account is held in (the sandbox bank knows its customers so). */
    accountHolder: (bankCode: string, accountNo: string) => repository.bankAccountHolder(bankCode, accountNo),

    /** The member may change their name; the bank account itself is changed by staff only. */
    async updateProfile(memberId: number, body: UpdateProfileRequest): Promise<ProfileResponse> {
      const current = await repository.profileOf(memberId);
      if (!current) return fail('NO_USER', 404);
      const differs = (sent: string | undefined, stored: string, normalize = (v: string) => v.trim()) =>
        sent !== undefined && sent.trim() !== '' && normalize(sent) !== normalize(stored);
      if (
        differs(body.bankCode, current.bank.bankCode) ||
        differs(body.bankAccountNo, current.bank.accountNo, normalizePhone) ||
        differs(body.bankAccountName, current.bank.accountName, normalizeAccountName)
      ) {
        fail('BANK_CHANGE_BY_STAFF_ONLY', 403);
      }
      await repository.renameMember(memberId, body.name);
      return this.profile(memberId);
    },

    async changePassword(
      member: { id: number; tokenHash: string },
      body: ChangePasswordRequest,
      meta: ClientMeta,
    ): Promise<void> {
      const current = await repository.memberById(member.id);
      if (!current) return fail('NO_USER', 404);
      // A stolen session must not be a way to guess the password without limit.
      if (!(await checkPassword(current.username, body.oldPassword, meta))) fail('WRONG_PASSWORD', 400);
      await repository.changePassword(member.id, await passwords.hash(body.newPassword), member.tokenHash);
    },

    /** Only KTB, TMB and BBL names not yet in English may be corrected, and only into English. */
    async changeBankAccountName(memberId: number, body: BankAccountNameRequest, meta: ClientMeta) {
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
      return this.profile(memberId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
