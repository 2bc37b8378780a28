import type { Locale } from '@wallet/contract/constants';
import type { MemberContextResponse } from '@wallet/contract/http/console';
import type { MinorUnits } from '@wallet/contract/money';
import type { AccountsService } from '../accounts/accounts.service';
import type { SlipsService } from '../slips/slips.service';
import type { StatementService } from '../statement/statement.service';

/** How many of each kind staff see beside a conversation. */
const LATEST = 10;

/** A phone or bank number as staff without `members.personal` see it: its last 4 digits only. */
export const lastFour = (value: string) => `${'•'.repeat(Math.max(value.length - 4, 0))}${value.slice(-4)}`;

export interface MemberContextOptions {
  accounts: Pick<AccountsService, 'profile' | 'moneyProfile'>;
  statement: Pick<StatementService, 'latestOfType'>;
  slips: Pick<SlipsService, 'statement'>;
  /** The member's wallet balance in minor units (the ledger's). */
  walletOf: (memberId: number) => Promise<bigint>;
}

/**
 * What staff see beside a member's conversation: the member, their wallet, their latest deposits
 * and withdrawals and slips, read through the modules that own them (the same views the member's
 * own screens show). An unknown member answers NO_USER (404).
 */
export function createMemberContextService(options: MemberContextOptions) {
  return {
    /** `whole`: the phone and bank numbers whole (members.personal); else their last 4 digits. */
    async of(memberId: number, locale: Locale, whole: boolean): Promise<MemberContextResponse> {
      const shown = whole ? (value: string) => value : lastFour;
      // First on its own: an unknown member stops here, before any other read.
      const { profile, bankAccount } = await options.accounts.profile(memberId, locale);
      const [money, wallet, deposits, withdrawals, slips] = await Promise.all([
        options.accounts.moneyProfile(memberId),
        options.walletOf(memberId),
        options.statement.latestOfType(memberId, 'deposit', LATEST, locale),
        options.statement.latestOfType(memberId, 'withdraw', LATEST, locale),
        options.slips.statement(memberId, 1, LATEST),
      ]);
      const currency = money.currency;
      return {
        member: {
          id: memberId,
          username: shown(profile.username),
          name: profile.name,
          currency,
          bank: {
            bankCode: bankAccount.bank.code,
            accountNo: shown(bankAccount.bankAccountNo),
            accountName: bankAccount.bankAccountName,
            currency: bankAccount.currency,
          },
          createdAt: profile.createdAt,
        },
        wallet: { amount: Number(wallet) as MinorUnits, currency },
        deposits,
        withdrawals,
        // NOTE: a slip's link is a member route (GET /api/statement/slip/reference/...) that a
        // staff token cannot open; staff get no link until the console has a route of its own.
        slips: slips.slips.map((slip) => ({ ...slip, link: null })),
      };
    },
  };
}

export type MemberContextService = ReturnType<typeof createMemberContextService>;
