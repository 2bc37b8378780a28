import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import type { ErrorCode } from '@wallet/contract/errors';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import { inviteCodeOf } from '@wallet/contract/rules';
import type {
  InviteListResponse,
  InviteSummaryResponse,
  RefundCheckResponse,
  RefundInfo,
  RefundListResponse,
} from '@wallet/contract/http/rewards';
import type { GameCategory } from '@wallet/contract/http/wallet';
import type { GameProvider } from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { GamesService } from '../games/games.service';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import type { GrantEngine } from './grant-engine';
import { createInviteAccrual, percentOf } from './invite-accrual';
import { createPlayTally } from './play-tally';
import type { PromotionsRepository } from './promotions.repository';
import { graced, lastClosedPeriod, marketDay, type Period } from './reward-periods';
import { DEFAULT_PROGRAMS, InviteSettings, programTerms, RefundSettings } from './rewards-settings';
import { createRewardsRepository, type ProgramName } from './rewards.repository';

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
  engine: GrantEngine;
  grants: PromotionsRepository;
  referrals: Referrals;
  currencyOf: (memberId: number) => Promise<Currency>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Periods looked back at when a schedule finds one that was never opened (an outage). */
const CATCH_UP_PERIODS = 7;
/** A member's share of closing a period is theirs for this long (several provider calls a game). */
const WORK_LEASE_MS = 120_000;
/** Work that could not be done (a provider down) is tried again after this. */
const WORK_RETRY_MS = 60_000;

const amount = (value: bigint) => Number(value) as MinorUnits;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/**
 * The invite bonus and the loss refund (spec sections 1-4, 7, 8; docs/decisions/020): commission
 * earned from invitees, refunds worked out per closed period, and both claimed as a grant of the
 * engine. Money moves only through the ledger: operator invite account -> the member's `invite:`
 * account -> wallet; operator refund account -> `refund:` account -> wallet.
 */
export function createRewardsService(options: RewardsServiceOptions) {
  const { ledger, games, engine, referrals, now, log } = options;
  const repository = createRewardsRepository(options.db);
  const tally = createPlayTally({ games, ledger, provider: options.provider, repository, log });
  const accrual = createInviteAccrual({
    ledger,
    repository,
    referrals,
    tally,
    currencyOf: options.currencyOf,
    depositSettings: async () => {
      const program = await programOf('invite');
      return program.active && program.settings?.rule === 'deposit' ? program.settings : null;
    },
    log,
  });
  const accrueDeposits = accrual.accrueDeposits;

  async function programOf(name: 'invite'): Promise<{ active: boolean; settings: InviteSettings | null }>;
  async function programOf(name: 'refund'): Promise<{ active: boolean; settings: RefundSettings | null }>;
  async function programOf(name: ProgramName) {
    const row = await repository.program(name);
    if (!row) return { active: false, settings: null };
    const parsed = (name === 'invite' ? InviteSettings : RefundSettings).safeParse(row.settings);
    if (!parsed.success) {
      // NOTE: settings edited into nonsense switch the program off rather than pay by them.
      log.error({ program: name, issues: parsed.error.issues }, 'reward program settings are invalid');
      return { active: false, settings: null };
    }
    return { active: row.active, settings: parsed.data };
  }

  async function activeSettings(name: 'invite'): Promise<InviteSettings>;
  async function activeSettings(name: 'refund'): Promise<RefundSettings>;
  async function activeSettings(name: ProgramName) {
    const program = name === 'invite' ? await programOf('invite') : await programOf('refund');
    if (!program.active || !program.settings)
      throw new AppError(name === 'invite' ? 'INVITE_INACTIVE' : 'REFUND_INACTIVE', 409);
    return program.settings;
  }

  /** The game codes in these categories (the sandbox catalogue names each game's category). */
  async function gamesIn(categories: readonly GameCategory[]): Promise<string[]> {
    const catalogue = await games.accounts.catalogue();
    return catalogue.filter((entry) => categories.includes(entry.category)).map((entry) => entry.code);
  }

  async function balanceOf(key: string): Promise<bigint> {
    const [state] = await ledger.accountStates([key]);
    return state?.balance ?? 0n;
  }

  // --- Closing periods -----------------------------------------------------------------------

  /** The period whose refunds (or whose day of invitee losses) were worked out last. */
  function closedPeriodOf(name: ProgramName, settings: InviteSettings | RefundSettings) {
    const length = 'period' in settings ? settings.period : 'day';
    return lastClosedPeriod(length, settings.closeHour, graced(now()));
  }

  /**
   * One member's share of closing a period: their rounds counted up to now, then their loss in the
   * period turned into a refund offer (refund) or their inviter's commission (invite, loss rule).
   * False when a provider could not be read (the work is tried again later).
   */
  async function closeFor(item: {
    program: ProgramName;
    periodStart: Date;
    periodEnd: Date;
    memberId: number;
  }) {
    const { program, memberId } = item;
    const period: Period = { start: item.periodStart, end: item.periodEnd };
    if (!(await tally.countMember(memberId))) {
      await repository.releaseWork(program, period.start, memberId, WORK_RETRY_MS);
      return false;
    }
    const currency = await options.currencyOf(memberId);
    if (program === 'refund') {
      const { settings } = await programOf('refund');
      const games = settings ? await gamesIn(settings.categories) : [];
      await repository.transaction(async (tx) => {
        // NOTE: the member's periods of this program are worked one at a time, and an hour a
        // period of other hours already counted for the member is left out (the operator may move
        // the closing hour, or turn days into weeks): each hour's loss is refunded once.
        if (!(await repository.lockWork(tx, program, period.start, memberId))) return;
        const loss = settings ? await repository.lossOf(tx, program, memberId, games, period) : 0n;
        if (settings && loss > 0n) {
          const raw = percentOf(loss, settings.percent);
          const refund = settings.cap > 0 ? min(raw, BigInt(settings.cap)) : raw;
          await repository.insertRefund(tx, {
            memberId,
            periodStart: period.start,
            periodEnd: period.end,
            currency,
            loss,
            amount: refund,
            terms: {
              percent: settings.percent,
              cap: String(settings.cap),
              minimum: String(settings.minimum),
            },
            state: refund > BigInt(settings.minimum) ? 'offered' : 'below_minimum',
          });
        }
        await repository.finishWork(tx, program, period.start, memberId);
      });
      return true;
    }
    const { settings } = await programOf('invite');
    const inviterId = (await referrals.invitersOf([memberId])).get(memberId);
    const earning = settings?.rule === 'loss' && inviterId !== undefined ? settings : null;
    const games = earning ? await gamesIn(earning.categories) : [];
    const prepared = earning
      ? await accrual.prepare({ inviteeId: memberId, inviterId: inviterId!, currency })
      : null;
    await repository.transaction(async (tx) => {
      if (!(await repository.lockWork(tx, program, period.start, memberId))) return;
      const loss = earning ? await repository.lossOf(tx, program, memberId, games, period) : 0n;
      if (earning && prepared && loss > 0n)
        await accrual.accrueIn(
          tx,
          {
            inviteeId: memberId,
            inviterId: inviterId!,
            kind: 'loss',
            source: `loss:${memberId}:${period.start.toISOString()}`,
            base: loss,
            day: marketDay(period.start),
            currency,
          },
          earning,
          prepared,
        );
      await repository.finishWork(tx, program, period.start, memberId);
    });
    return true;
  }

  async function runWork(item: Parameters<typeof closeFor>[0]): Promise<void> {
    try {
      await closeFor(item);
    } catch (error) {
      log.warn({ err: error, ...item }, 'could not close a period for a member');
      await repository.releaseWork(item.program, item.periodStart, item.memberId, WORK_RETRY_MS);
    }
  }

  /** Opens the programs' last closed periods (listing every member's work once) when new. */
  async function openClosedPeriods(): Promise<void> {
    const refund = await programOf('refund');
    if (refund.active && refund.settings)
      await openSince('refund', closedPeriodOf('refund', refund.settings), () =>
        games.accounts.membersWithAccounts(),
      );
    const invite = await programOf('invite');
    if (invite.active && invite.settings?.rule === 'loss')
      await openSince('invite', closedPeriodOf('invite', invite.settings), async () => {
        const players = new Set(await games.accounts.membersWithAccounts());
        return (await referrals.allInvitees()).map((row) => row.memberId).filter((id) => players.has(id));
      });
  }

  /**
   * Opens the last closed period and, after an outage, the ones before it that were never
   * opened (up to a week of days), listing every member's work in each. The walk back stops at a
   * period already listed or one that overlaps a period of other hours (the closing hour moved).
   */
  async function openSince(name: ProgramName, last: Period, members: () => Promise<number[]>) {
    const span = last.end.getTime() - last.start.getTime();
    const missing: Period[] = [];
    for (let back = 0; back < CATCH_UP_PERIODS; back += 1) {
      const period = {
        start: new Date(last.start.getTime() - back * span),
        end: new Date(last.end.getTime() - back * span),
      };
      if (await repository.periodListed(name, period.start)) break;
      if (back > 0 && (await repository.overlapsAnother(name, period))) break;
      missing.push(period);
    }
    if (missing.length === 0) return;
    const ids = await members();
    for (const period of missing.reverse()) await repository.openPeriod(name, period, ids);
  }

  /** The member's refund of the last closed period, worked out now if the schedule has not yet. */
  async function refundOfClosedPeriod(memberId: number, settings: RefundSettings) {
    const period = closedPeriodOf('refund', settings);
    let refund = await repository.refundOf(memberId, period.start);
    let counting = false;
    if (!refund) {
      await repository.openMemberWork('refund', period, memberId);
      const [work] = await repository.claimWork(1, WORK_LEASE_MS, {
        program: 'refund',
        start: period.start,
        memberId,
      });
      if (work) await runWork(work);
      refund = await repository.refundOf(memberId, period.start);
      counting = !refund && (await repository.workOf('refund', period.start, memberId))?.done === false;
    }
    return { period, refund, counting };
  }

  /** A grant the member runs, brought up to date first (one met a moment ago completes now). */
  const runningGrant = async (memberId: number) =>
    (await options.grants.activeGrantOf(memberId)) ? engine.current(memberId) : null;

  /** Why the last period's refund cannot be received now, or null when it can. */
  function refusalOf(state: {
    running: boolean;
    refund: { state: string } | null;
    counting: boolean;
    /** Some refund (of this period or an earlier one) waits to be received. */
    offered: boolean;
  }): ErrorCode | null {
    if (state.running) return 'BONUS_REMAINING';
    if (state.offered) return null;
    if (state.counting) return 'REFUND_CONDITION';
    if (state.refund?.state === 'below_minimum') return 'REFUND_MINIMUM';
    // NOTE: nothing offered is nothing to receive, though the period's refund was read as offered
    // a moment before: another receive of the member's took it in between (issue 25).
    return 'NO_REFUND';
  }

  const bannersOf = async (name: ProgramName, locale: Locale) => {
    const row = await repository.program(name);
    return (row?.banners ?? []).map((banner) => ({ image: banner.image, html: banner.html[locale] }));
  };

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

    banners: bannersOf,

    /** GET /api/invite/bonus: what the member may claim and on what terms. */
    async inviteSummary(memberId: number): Promise<InviteSummaryResponse> {
      const program = await programOf('invite');
      const settings = program.settings ?? DEFAULT_PROGRAMS.invite.settings;
      if (program.active) await accrueDeposits(memberId);
      const [claimable, earned, invitees, currency] = await Promise.all([
        balanceOf(accountKey.invite(memberId)),
        repository.earnedBy(memberId),
        referrals.inviteesOf(memberId),
        options.currencyOf(memberId),
      ]);
      return {
        amount: amount(claimable),
        success: settings.success,
        fail: settings.fail,
        active: program.active && program.settings !== null,
        currency,
        inviteCode: inviteCodeOf(memberId),
        rule: settings.rule,
        percent: settings.percent,
        minimumClaim: amount(BigInt(settings.minimumClaim)),
        dailyCap: amount(BigInt(settings.dailyCap)),
        turnoverMultiple: settings.turnoverMultiple,
        invitees: invitees.length,
        earned: amount(earned),
      };
    },

    /** POST /api/invite: the commission earned, newest first. */
    async inviteList(memberId: number, page: { page: number; limit: number }): Promise<InviteListResponse> {
      const { total, rows } = await repository.commissionsOf(memberId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      const names = await referrals.namesOf([...new Set(rows.map((row) => row.inviteeId))]);
      return {
        total,
        invites: rows.map((row) => ({
          from: { name: names.get(row.inviteeId) ?? '' },
          amount: amount(row.amount),
          createdAt: row.createdAt.toISOString(),
          source: row.kind,
        })),
      };
    },

    /** POST /api/invite/claim: everything collected, as a grant with the invite terms. */
    async claimInvite(memberId: number): Promise<bigint> {
      const settings = await activeSettings('invite');
      await runningGrant(memberId);
      await accrueDeposits(memberId);
      const earnedEver = await repository.earnedBy(memberId);
      const grant = await engine.claimProgram(memberId, {
        program: 'invite',
        terms: programTerms('invite', settings),
        minimum: BigInt(Math.max(settings.minimumClaim, 1)),
        tooLittle: 'INVITE_COLLECT',
        // Nothing now: all claimed before, or the invitees never deposited or played.
        nothing: earnedEver > 0n ? 'NO_INVITE_BONUS' : 'NO_INVITEE_PLAY_INFO',
      });
      return grant.bonus;
    },

    /** GET /api/refund/check. */
    async refundCheck(memberId: number): Promise<RefundCheckResponse> {
      const program = await programOf('refund');
      const settings = program.settings ?? DEFAULT_PROGRAMS.refund.settings;
      const active = program.active && program.settings !== null;
      const [running, balance, currency] = await Promise.all([
        runningGrant(memberId),
        balanceOf(accountKey.refund(memberId)),
        options.currencyOf(memberId),
      ]);
      const base = {
        bonus: running !== null,
        refundAmount: amount(balance),
        refundSuccess: settings.success,
        refundFail: settings.fail,
        active,
        currency,
        turnoverMultiple: settings.turnoverMultiple,
      };
      if (!active) return { ...base, result: false, info: null, reason: 'REFUND_INACTIVE' };
      const { period, refund, counting } = await refundOfClosedPeriod(memberId, program.settings!);
      const offered = (await repository.offeredRefunds(memberId)).length > 0;
      const reason = refusalOf({ running: running !== null, refund, counting, offered });
      const info: RefundInfo = {
        period: settings.period,
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
        loss: amount(refund?.loss ?? 0n),
        amount: amount(refund?.amount ?? 0n),
        state: counting ? 'counting' : !refund ? 'none' : refund.state === 'offered' ? 'ready' : refund.state,
        percent: settings.percent,
        cap: amount(BigInt(settings.cap)),
        minimum: amount(BigInt(settings.minimum)),
        categories: settings.categories,
        nextCloseAt: period.nextEnd.toISOString(),
      };
      return { ...base, result: reason === null, info, reason };
    },

    /** GET /api/refund/receive: the last closed period's refund into the member's refund balance. */
    async receiveRefund(memberId: number): Promise<bigint> {
      const settings = await activeSettings('refund');
      if (await runningGrant(memberId)) throw new AppError('BONUS_REMAINING', 409);
      const { refund, counting } = await refundOfClosedPeriod(memberId, settings);
      // Every refund offered and not received yet is received: none lapses (decision 020).
      const offered = await repository.offeredRefunds(memberId);
      const refusal = refusalOf({ running: false, refund, counting, offered: offered.length > 0 });
      if (refusal) throw new AppError(refusal, 409);
      const refundKey = accountKey.refund(memberId);
      await ledger.openAccount(refundKey, offered[0]!.currency);
      return repository.transaction(async (tx) => {
        const received = await repository.markReceived(tx, memberId, now());
        // Received a moment ago by another call of the member's.
        if (received.length === 0) throw new AppError('NO_REFUND', 409);
        let total = 0n;
        for (const row of received) {
          await ledger.transferIn(tx, {
            idempotencyKey: `refund:receive:${row.id}`,
            debit: accountKey.operator('refund', row.currency),
            credit: refundKey,
            amount: row.amount,
            kind: 'refund_receive',
            metadata: { memberId, refundId: row.id, periodStart: row.periodStart.toISOString() },
          });
          total += row.amount;
        }
        return total;
      });
    },

    /** GET /api/refund/addWallet: the refund balance into the wallet, as a grant with the refund terms. */
    async refundToWallet(memberId: number): Promise<bigint> {
      const settings = await activeSettings('refund');
      await runningGrant(memberId);
      const grant = await engine.claimProgram(memberId, {
        program: 'refund',
        terms: programTerms('refund', settings),
        minimum: 1n,
        tooLittle: 'NO_REFUND',
        nothing: 'NO_REFUND',
      });
      return grant.bonus;
    },

    /** POST /api/refund: refunds received, newest first. */
    async refundList(memberId: number, page: { page: number; limit: number }): Promise<RefundListResponse> {
      const { total, rows } = await repository.receivedRefunds(memberId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return {
        total,
        refunds: rows.map((row) => ({
          refundAmount: amount(row.amount),
          createdAt: (row.receivedAt ?? row.createdAt).toISOString(),
          periodStart: row.periodStart.toISOString(),
          periodEnd: row.periodEnd.toISOString(),
          loss: amount(row.loss),
        })),
      };
    },

    /**
     * The schedule: accrues invitee deposits, opens newly closed periods, and works through
     * members' pending work a few at a time, each item claimed by one process.
     */
    async sweep(stopping: () => boolean = () => false): Promise<number> {
      let handled = await accrueDeposits();
      if (stopping()) return handled;
      await openClosedPeriods();
      for (let batch = 0; batch < 25 && !stopping(); batch += 1) {
        const work = await repository.claimWork(4, WORK_LEASE_MS);
        if (work.length === 0) break;
        handled += work.length;
        await Promise.all(work.map(runWork));
      }
      return handled;
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
