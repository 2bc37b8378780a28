import type { Period } from './reward-periods';
import type { ProgramName } from './rewards.repository';
import { WORK_LEASE_MS, type RewardsContext } from './rewards-context';
import { closeInvitePeriod } from './invite-bonus';
import { closeRefundPeriod } from './loss-refund';

/** Periods looked back at when a schedule finds one that was never opened (an outage). */
const CATCH_UP_PERIODS = 7;
/** Work that could not be done (a provider down) is tried again after this. */
const WORK_RETRY_MS = 60_000;

/** One member's share of closing one period of a program. */
export interface PeriodWork {
  program: ProgramName;
  periodStart: Date;
  periodEnd: Date;
  memberId: number;
}

/**
 * Closing the programs' periods (decision 020): each closed period lists every member's work once,
 * and any number of processes work through it member by member (`period_closing_members`, a lease
 * and `FOR UPDATE SKIP LOCKED`).
 */
export function createPeriodClosing(context: RewardsContext) {
  const { repository, games, referrals, log } = context;

  /**
   * One member's share of closing a period: their rounds counted up to now, then their loss in the
   * period turned into a refund offer (refund) or their inviter's commission (invite, loss rule).
   * False when a provider could not be read (the work is tried again later).
   */
  async function closeFor(item: PeriodWork) {
    const { program, memberId } = item;
    const period: Period = { start: item.periodStart, end: item.periodEnd };
    if (!(await context.tally.countMember(memberId))) {
      await repository.releaseWork(program, period.start, memberId, WORK_RETRY_MS);
      return false;
    }
    const currency = await context.currencyOf(memberId);
    if (program === 'refund') await closeRefundPeriod(context, { period, memberId, currency });
    else await closeInvitePeriod(context, { period, memberId, currency });
    return true;
  }

  async function runWork(item: PeriodWork): Promise<void> {
    try {
      await closeFor(item);
    } catch (error) {
      log.warn({ err: error, ...item }, 'could not close a period for a member');
      await repository.releaseWork(item.program, item.periodStart, item.memberId, WORK_RETRY_MS);
    }
  }

  /** Opens the programs' last closed periods (listing every member's work once) when new. */
  async function openClosedPeriods(): Promise<void> {
    const refund = await context.programOf('refund');
    if (refund.active && refund.settings)
      await openSince('refund', context.closedPeriodOf('refund', refund.settings), () =>
        games.accounts.membersWithAccounts(),
      );
    const invite = await context.programOf('invite');
    if (invite.active && invite.settings?.rule === 'loss')
      await openSince('invite', context.closedPeriodOf('invite', invite.settings), async () => {
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

  return {
    runWork,

    /** Opens newly closed periods, then works through members' pending work a few at a time. */
    async sweep(stopping: () => boolean): Promise<number> {
      let handled = 0;
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

export type PeriodClosing = ReturnType<typeof createPeriodClosing>;
