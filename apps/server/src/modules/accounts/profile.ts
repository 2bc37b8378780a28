import type { Currency } from '@wallet/contract/money';
import type { Locale } from '@wallet/contract/constants';
import type {
  BankAccountNameRequest,
  ProfileResponse,
  UpdateProfileRequest,
} from '@wallet/contract/http/account';
import {
  isEnglishName,
  needsEnglishName,
  normalizeAccountName,
  bankAccountNoKey,
} from '@wallet/contract/rules';
import { fail } from '../../platform/errors';
import type { LookupsService } from '../lookups/lookups.service';
import type { AccountsRepository } from './accounts.repository';
import type { ClientMeta } from './accounts.service';

export interface ProfileOptions {
  repository: AccountsRepository;
  lookups: LookupsService;
  /** A member's coins (profile.coin): the ledger keeps them, not this module (decision 021). */
  coinsOf: (memberId: number) => Promise<number>;
}

/** The member's profile: what they see of themselves, their name, and their bank account's name. */
export function createProfile(options: ProfileOptions) {
  const { repository, lookups } = options;

  /** The profile, its bank named in `locale`. */
  async function profile(memberId: number, locale: Locale): Promise<ProfileResponse> {
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
        currency: found.bank.currency as Currency,
        nameEditable: needsEnglishName(found.bank.bankCode) && !isEnglishName(found.bank.accountName),
      },
    };
  }

  return {
    profile,

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
      return profile(memberId, locale);
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
      return profile(memberId, locale);
    },
  };
}
