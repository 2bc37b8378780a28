import type { GameCategory } from '@wallet/contract/http/wallet';
import type { MinorUnits } from '@wallet/contract/money';
import { AppError } from '../../../platform/errors';
import type { GrantRow } from '../engine/grants.service';
import { createInviteAccrual, type InviteAccrual } from './invite-accrual';
import { createPlayTally, type PlayTally } from './play-tally';
import { graced, lastClosedPeriod } from './reward-periods';
import { InviteSettings, RefundSettings } from './rewards-settings';
import { createRewardsRepository, type ProgramName, type RewardsRepository } from './rewards.repository';
import type { RewardsServiceOptions } from './rewards.service';

/** A member's share of closing a period is theirs for this long (several provider calls a game). */
export const WORK_LEASE_MS = 120_000;

/** What the invite bonus, the loss refund and the closing of their periods share. */
export interface RewardsContext extends RewardsServiceOptions {
  repository: RewardsRepository;
  tally: PlayTally;
  accrual: InviteAccrual;
  programOf(name: 'invite'): Promise<{ active: boolean; settings: InviteSettings | null }>;
  programOf(name: 'refund'): Promise<{ active: boolean; settings: RefundSettings | null }>;
  activeSettings(name: 'invite'): Promise<InviteSettings>;
  activeSettings(name: 'refund'): Promise<RefundSettings>;
  /** The game codes in these categories (the sandbox catalogue names each game's category). */
  gamesIn(categories: readonly GameCategory[]): Promise<string[]>;
  balanceOf(key: string): Promise<bigint>;
  /** A grant the member runs, brought up to date first (one met a moment ago completes now). */
  runningGrant(memberId: number): Promise<GrantRow | null>;
  /** The period whose refunds (or whose day of invitee losses) were worked out last. */
  closedPeriodOf(
    name: ProgramName,
    settings: InviteSettings | RefundSettings,
  ): ReturnType<typeof lastClosedPeriod>;
}

export const amount = (value: bigint) => Number(value) as MinorUnits;

/** The programs' settings, play tally and invite accrual over one repository (decision 020). */
export function createRewardsContext(options: RewardsServiceOptions): RewardsContext {
  const { ledger, games, grants, referrals, now, log } = options;
  const repository = createRewardsRepository(options.db);
  const tally = createPlayTally({
    games,
    ledger,
    provider: options.provider,
    repository,
    grantWindows: (memberId) => grants.grantWindows(memberId),
    log,
  });
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

  return {
    ...options,
    repository,
    tally,
    accrual,
    programOf,
    activeSettings,
    async gamesIn(categories) {
      const catalogue = await games.accounts.catalogue();
      return catalogue.filter((entry) => categories.includes(entry.category)).map((entry) => entry.code);
    },
    async balanceOf(key) {
      const [state] = await ledger.accountStates([key]);
      return state?.balance ?? 0n;
    },
    runningGrant: async (memberId) =>
      (await grants.activeGrantOf(memberId)) ? grants.engine.current(memberId) : null,
    closedPeriodOf(_name, settings) {
      const length = 'period' in settings ? settings.period : 'day';
      return lastClosedPeriod(length, settings.closeHour, graced(now()));
    },
  };
}
