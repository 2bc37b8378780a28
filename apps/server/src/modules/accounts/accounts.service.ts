import type { Market } from '@wallet/contract/constants';
import type { Currency } from '@wallet/contract/money';
import { bankAccountCurrencies, bankAccountNoProblem, phoneRule } from '@wallet/contract/rules';
import type { Config } from '../../config';
import type { Database } from '../../platform/db/database';
import { fail } from '../../platform/errors';
import type { SessionCache } from '../../platform/session-cache';
import type { LookupsService } from '../lookups/lookups.service';
import type { OtpService } from '../otp/otp.service';
import { createAccountsRepository } from './accounts.repository';
import { createBankChange } from './bank-change';
import { argon2Hasher, type PasswordHasher } from './password';
import { createPasswordChange } from './password-change';
import { createProfile } from './profile';
import { createRegistration } from './registration';
import { createMemberDirectory } from './member-directory';
import { membersHolding } from './member-holders';
import { createSessions, type CachedSession } from './sessions';
import { createSignInThrottling } from './sign-in-throttling';

export type { CachedSession } from './sessions';
export type { FoundMember, MemberSummary } from './member-directory';

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

/**
 * Members, their bank account and their sessions (spec sections 2, 4, 5, 7: Account), composed of
 * registration.ts, sessions.ts, sign-in-throttling.ts, profile.ts and password-change.ts; other
 * areas reach them only through this service.
 */
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
  const isPhone = phoneRule(options.market);

  const bankChange = createBankChange(db);
  const registration = createRegistration({ repository, lookups, otp, passwords });
  // The sign-in limits' clock: the test's, else the database's (undefined here).
  const throttling = createSignInThrottling({ repository, limits, limitsNow: options.now, passwords });
  const sessions = createSessions({
    repository,
    lifetimes,
    now,
    sessions: options.sessions ?? null,
    sessionsEnded: options.sessionsEnded,
  });
  const profile = createProfile({ repository, lookups, coinsOf: options.coinsOf });
  const passwordChange = createPasswordChange({ repository, otp, passwords, throttling, sessions, now });

  return {
    authenticator: sessions.authenticator,

    /** How long the device cookie a sign-in sets keeps the device known. */
    deviceLifetimeMs: limits.knownForMs,

    usernameExists: async (username: string) => (await repository.memberByUsername(username)) !== null,
    /** The members holding this phone or bank account (issue 29: a self-excluded one's are refused). */
    membersHolding: (username: string, bank: { bankCode: string; accountNo: string } | null) =>
      membersHolding(db, username, bank),

    ...registration,

    /**
     * One answer for an unknown phone and a wrong password, after the same work, so neither
     * the answer nor its timing tells which phones are members. What is not a phone at all is
     * answered the same at once, before any counting or hashing.
     */
    async login(username: string, password: string, meta: ClientMeta): Promise<SignedIn> {
      const phone = isPhone.safeParse(username);
      if (!phone.success) return fail('WRONG_CREDENTIAL', 401);
      const signedIn = await throttling.checkPassword(phone.data, password, meta);
      if (!signedIn) return fail('WRONG_CREDENTIAL', 401);
      if (signedIn.member.status !== 'active') fail('INACTIVE_USER', 403);
      return { token: await sessions.open(signedIn.member.id, meta), device: signedIn.device };
    },

    logout: (tokenHash: string) => sessions.logout(tokenHash),

    /** Locks a member out (inactive) or lets them back in, ending their sessions everywhere. */
    setStatus: (memberId: number, status: 'active' | 'inactive') => sessions.setStatus(memberId, status),

    /**
     * Staff replace a member's registered bank account (spec section 6: members ask for it): the
     * bank must exist and the number fit its lengths (decision 035); an account another member
     * holds is refused (EXISTING_BANK). Slips sent before the change no longer confirm the member
     * as sender (the account's `since` moves), as after a change of name. Answers the account
     * before and after, each with its currency (for staff's audit).
     */
    async changeBankByStaff(
      memberId: number,
      next: { bankCode: string; accountNo: string; accountName: string; currency?: string | undefined },
      staff: { id: number; ip: string; userAgent: string },
    ) {
      const bank = await lookups.findBank(next.bankCode);
      if (!bank) return fail('INVALID_BANK', 400);
      const problem = bankAccountNoProblem(bank.accountNoLengths, next.accountNo);
      if (problem) fail(problem, 400);
      // The new account's currency (decision 069): as staff say at a Lao bank, else the wallet's
      // where the bank holds it, else the bank's own (a Thai bank's baht).
      const member = await repository.memberById(memberId);
      if (!member) return fail('NO_USER', 404);
      const offered: readonly string[] = bankAccountCurrencies(bank.market);
      const currency = next.currency ?? (offered.includes(member.currency) ? member.currency : offered[0]!);
      if (!offered.includes(currency)) fail('CURRENCY_INVALID', 400);
      const { currency: _, ...account } = next;
      const before = await bankChange.replaceBankAccount(
        memberId,
        { ...account, currency },
        {
          actorType: 'staff',
          actorId: String(staff.id),
          field: 'bankAccount',
          clientAddress: staff.ip,
          userAgent: staff.userAgent,
        },
      );
      if (before === null) return fail('NO_USER', 404);
      if (before === 'taken') return fail('EXISTING_BANK', 409);
      return { before, after: { ...account, currency } };
    },

    /** Whether a member is active or locked out (inactive); null for no such member. */
    async statusOf(memberId: number): Promise<'active' | 'inactive' | null> {
      const member = await repository.memberById(memberId);
      return member ? (member.status as 'active' | 'inactive') : null;
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
        // Written only from the market's currencies at registration (the contract's enum).
        currency: found.member.currency as Currency,
        bank: {
          code: found.bank.bankCode,
          accountNo: found.bank.accountNo,
          accountName: found.bank.accountName,
          currency: found.bank.currency,
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

    /** For the console (decision 048): finding members; their status, inviter, invitees, sessions. */
    directory: createMemberDirectory(db),

    /** The name a registered bank account is held in (the sandbox bank knows its customers so). */
    accountHolder: (bankCode: string, accountNo: string) => repository.bankAccountHolder(bankCode, accountNo),

    ...profile,
    ...passwordChange,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
