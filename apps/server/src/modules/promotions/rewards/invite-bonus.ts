import type { Currency } from '@wallet/contract/money';
import { inviteCodeOf } from '@wallet/contract/rules';
import type { InviteListResponse, InviteSummaryResponse } from '@wallet/contract/http/rewards';
import { accountKey } from '../../ledger/ledger.service';
import { programTerms } from '../engine/grants.service';
import { marketDay, type Period } from './reward-periods';
import { DEFAULT_PROGRAMS } from './rewards-settings';
import { amount, type RewardsContext } from './rewards-context';

/**
 * The invite bonus's share of closing a day (the loss rule): the member's loss in the period turned
 * into their inviter's commission, once (decision 020).
 */
export async function closeInvitePeriod(
  context: RewardsContext,
  item: { period: Period; memberId: number; currency: Currency },
): Promise<void> {
  const { repository, referrals, accrual } = context;
  const { period, memberId, currency } = item;
  const program = 'invite';
  const { settings } = await context.programOf('invite');
  const inviterId = (await referrals.invitersOf([memberId])).get(memberId);
  const earning = settings?.rule === 'loss' && inviterId !== undefined ? settings : null;
  const games = earning ? await context.gamesIn(earning.categories) : [];
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
}

/**
 * The invite bonus (spec sections 1-4; decision 020): commission earned from invitees, claimed as
 * a grant of the engine. Money moves only through the ledger: operator invite account -> the
 * member's `invite:` account -> wallet.
 */
export function createInviteBonus(context: RewardsContext) {
  const { repository, referrals, accrual, grants } = context;

  return {
    /** GET /api/invite/bonus: what the member may claim and on what terms. */
    summary: async (memberId: number): Promise<InviteSummaryResponse> => {
      const program = await context.programOf('invite');
      const settings = program.settings ?? DEFAULT_PROGRAMS.invite.settings;
      if (program.active) await accrual.accrueDeposits(memberId);
      const [claimable, earned, invitees, currency] = await Promise.all([
        context.balanceOf(accountKey.invite(memberId)),
        repository.earnedBy(memberId),
        referrals.inviteesOf(memberId),
        context.currencyOf(memberId),
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
        minimumClaim: amount(BigInt(settings.minimumClaim[currency])),
        dailyCap: amount(BigInt(settings.dailyCap[currency])),
        turnoverMultiple: settings.turnoverMultiple,
        invitees: invitees.length,
        earned: amount(earned),
      };
    },

    /** POST /api/invite: the commission earned, newest first. */
    list: async (memberId: number, page: { page: number; limit: number }): Promise<InviteListResponse> => {
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
    claim: async (memberId: number): Promise<bigint> => {
      const settings = await context.activeSettings('invite');
      await context.runningGrant(memberId);
      await accrual.accrueDeposits(memberId);
      const [earnedEver, currency] = await Promise.all([
        repository.earnedBy(memberId),
        context.currencyOf(memberId),
      ]);
      const grant = await grants.engine.claimProgram(memberId, {
        program: 'invite',
        terms: programTerms('invite', settings, currency),
        minimum: BigInt(Math.max(settings.minimumClaim[currency], 1)),
        tooLittle: 'INVITE_COLLECT',
        // Nothing now: all claimed before, or the invitees never deposited or played.
        nothing: earnedEver > 0n ? 'NO_INVITE_BONUS' : 'NO_INVITEE_PLAY_INFO',
      });
      return grant.bonus;
    },
  };
}
