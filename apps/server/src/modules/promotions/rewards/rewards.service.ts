import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import type { Currency } from '@wallet/contract/money';
import type { GameProvider } from '../../../adapters/game-provider/game-provider';
import type { Database } from '../../../platform/db/database';
import type { GamesService } from '../../games/games.service';
import type { LedgerService } from '../../ledger/ledger.service';
import type { GrantsService } from '../engine/grants.service';
import { createInviteBonus } from './invite-bonus';
import { createLossRefund } from './loss-refund';
import { createPeriodClosing } from './period-closing';
import { createRewardsContext } from './rewards-context';
import { DEFAULT_PROGRAMS, InviteSettings, RefundSettings } from './rewards-settings';
import type { ProgramName } from './rewards.repository';

// The market's calendar day (UTC+7), which the spin wheel counts by too.
export { marketDay } from './reward-periods';

/** Who invited whom and the bank details compared for self-referral (the accounts module). */
export interface Referrals {
  invitersOf(memberIds: number[]): Promise<Map<number, number>>;
  inviteesOf(inviterId: number): Promise<number[]>;
  namesOf(memberIds: number[]): Promise<Map<number, string>>;
  allInvitees(): Promise<{ memberId: number; inviterId: number }[]>;
  bankOf(
    memberId: number,
  ): Promise<{ currency: string; bankCode: string; accountNo: string; accountName: string } | null>;
}

export interface RewardsServiceOptions {
  db: Database;
  ledger: LedgerService;
  games: GamesService;
  provider: GameProvider;
  /** The grant engine, which a claim of either program goes through. */
  grants: GrantsService;
  referrals: Referrals;
  currencyOf: (memberId: number) => Promise<Currency>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The invite bonus and the loss refund (spec sections 1-4, 7, 8; docs/decisions/020): commission
 * earned from invitees (`invite-bonus.ts`), refunds worked out per closed period (`loss-refund.ts`),
 * both over the periods' closing (`period-closing.ts`) and the play tally, and both claimed as a
 * grant of the engine. Money moves only through the ledger: operator invite account -> the
 * member's `invite:` account -> wallet; operator refund account -> `refund:` account -> wallet.
 */
export function createRewardsService(options: RewardsServiceOptions) {
  const context = createRewardsContext(options);
  const { repository, accrual } = context;
  const closing = createPeriodClosing(context);
  const invite = createInviteBonus(context);
  const refund = createLossRefund(context, closing);

  return {
    /** Adds the programs' starting settings (at start-up; an operator's edits are kept). */
    async seed(): Promise<void> {
      for (const name of ['invite', 'refund'] as const) {
        const { active, settings, banners } = DEFAULT_PROGRAMS[name];
        await repository.seedProgram({ name, active, settings, banners: [...banners] });
      }
    },

    /** For operators and tests: a program's switch, settings or banners. */
    async updateProgram(
      name: ProgramName,
      changes: { active?: boolean; settings?: Partial<InviteSettings> | Partial<RefundSettings> },
    ): Promise<void> {
      const row = await repository.program(name);
      if (!row) throw new Error(`no program ${name}`);
      const settings = { ...row.settings, ...changes.settings };
      (name === 'invite' ? InviteSettings : RefundSettings).parse(settings);
      await repository.updateProgram(name, {
        settings,
        ...(changes.active === undefined ? {} : { active: changes.active }),
      });
    },

    async banners(name: ProgramName, locale: Locale) {
      const row = await repository.program(name);
      return (row?.banners ?? []).map((banner) => ({ image: banner.image, html: banner.html[locale] }));
    },

    /** A member's settled stakes since `from` (hour buckets), every game: the risk flags' measure of play. */
    stakesSince: (memberId: number, from: Date) => repository.stakesSince(options.db, memberId, from),

    /**
     * A member's net loss (settled bets minus wins, hour buckets) from `from` on, every game, the
     * rounds counted first as the loss refund counts them: a loss limit's measure (decision 061).
     */
    async netLossSince(memberId: number, from: Date): Promise<bigint> {
      await context.tally.countMember(memberId);
      return repository.netLossSince(options.db, memberId, from);
    },

    /** As netLossSince, saying whether every provider's rounds were read (play limits, decision 062). */
    async countedNetLossSince(memberId: number, from: Date): Promise<{ loss: bigint; counted: boolean }> {
      const counted = await context.tally.countMember(memberId);
      return { loss: await repository.netLossSince(options.db, memberId, from), counted };
    },

    inviteSummary: invite.summary,
    inviteList: invite.list,
    claimInvite: invite.claim,
    refundCheck: refund.check,
    receiveRefund: refund.receive,
    refundToWallet: refund.toWallet,
    refundList: refund.list,

    /**
     * The rewards schedule: accrues invitee deposits, opens newly closed periods, and works through
     * members' pending work a few at a time, each item claimed by one process.
     */
    async sweep(stopping: () => boolean = () => false): Promise<number> {
      const handled = await accrual.accrueDeposits();
      if (stopping()) return handled;
      return handled + (await closing.sweep(stopping));
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
