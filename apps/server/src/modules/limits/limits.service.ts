import {
  EXCLUSION_LIFT_MS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsResponse,
  type LimitsUpdate,
  type StaffLimitsUpdate,
} from '@wallet/contract/http/limits';
import type { Database } from '../../platform/db/database';
import { AppError, LimitError } from '../../platform/errors';
import { blockIn, blocksOf, changedLimit, changeOf, confirmable } from './limit-rules';
import { monthsAfter, runningPeriod } from './limit-periods';
import { tightenLimits, type StaffAudit } from './limits-staff';
import { createLimitsRepository, type Executor, type StateRow } from './limits.repository';

/** A play session ends after this long without a move toward play (decision 061). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The play session's latest move is written at most once a minute. */
const SESSION_TICK_MS = 60_000;

export interface LimitsServiceOptions {
  db: Database;
  now: () => Date;
  /**
   * Deposits credited to the member's wallet from `from` on (the ledger). NOTE: `tx`, when given,
   * must be used: on the embedded database a read outside an open transaction waits for it.
   */
  depositedSince: (memberId: number, from: Date, tx?: Executor) => Promise<bigint>;
  /**
   * The member's settled bets minus wins from `from` on (the loss refund's play tally); `counted`
   * false when a provider's rounds could not all be read (the tally may be behind).
   */
  netLossSince: (memberId: number, from: Date) => Promise<{ loss: bigint; counted: boolean }>;
  /** Deposits minus withdrawals of the member's wallet from `from` on (the ledger). */
  netDepositsSince: (memberId: number, from: Date) => Promise<bigint>;
  /** The amounts of the member's open QR codes: deposits that may still arrive (in `tx` if given). */
  openDeposits: (memberId: number, tx?: Executor) => Promise<bigint>;
}

/** A staff member acting on a member's limits, and their audit. */
type ByStaff = { id: number; audit: StaffAudit } | null;

const keyOf = (kind: LimitKind, period: LimitPeriod) => `${kind}:${period}`;

/**
 * Play limits (issue 29, decision 061): deposit and loss limits per market day, week and month,
 * the reality check's interval, a time-out and a self-exclusion; the checks that the routes
 * moving money toward play (limits.guard.ts) and the deposits' own paths call.
 */
export function createLimitsService(options: LimitsServiceOptions) {
  const { now } = options;
  const repository = createLimitsRepository(options.db);

  async function usedIn(
    memberId: number,
    kind: LimitKind,
    period: LimitPeriod,
    at: Date,
    tx?: Executor,
  ): Promise<bigint> {
    const { start } = runningPeriod(period, at);
    if (kind === 'deposit') return options.depositedSince(memberId, start, tx);
    return (await lossIn(memberId, period, at)).used;
  }

  /** The period's net loss (a net win: 0), and whether every provider's rounds were counted. */
  async function lossIn(memberId: number, period: LimitPeriod, at: Date) {
    const { loss, counted } = await options.netLossSince(memberId, runningPeriod(period, at).start);
    return { used: loss > 0n ? loss : 0n, counted };
  }

  /** The room left under each deposit limit in force, the lowest; null: no deposit limit. */
  async function roomIn(tx: Executor, memberId: number, at: Date): Promise<bigint | null> {
    const limits = (await repository.limitsOf(tx, memberId)).filter(
      (row) => row.kind === 'deposit' && row.value !== null,
    );
    if (limits.length === 0) return null;
    const [reserved, open] = await Promise.all([
      repository.reserved(tx, memberId, at),
      options.openDeposits(memberId, tx),
    ]);
    let room: bigint | null = null;
    for (const row of limits) {
      const used = await usedIn(memberId, 'deposit', row.period as LimitPeriod, at, tx);
      const left = row.value! - used - reserved - open;
      if (room === null || left < room) room = left;
    }
    return room! > 0n ? room! : 0n;
  }

  async function view(memberId: number): Promise<LimitsResponse> {
    const at = now();
    const [rows, state] = await Promise.all([
      repository.limitsOf(options.db, memberId),
      repository.stateOf(options.db, memberId),
    ]);
    const byKey = new Map(rows.map((row) => [keyOf(row.kind as LimitKind, row.period as LimitPeriod), row]));
    const views = async (kind: LimitKind) => {
      const entries = await Promise.all(
        LIMIT_PERIODS.map(async (period) => {
          const row = byKey.get(keyOf(kind, period));
          const used = await usedIn(memberId, kind, period, at);
          return [
            period,
            {
              value: row?.value == null ? null : Number(row.value),
              used: Number(used),
              resetsAt: runningPeriod(period, at).end.toISOString(),
              pending: row?.pending
                ? {
                    value: row.pendingValue === null ? null : Number(row.pendingValue),
                    from: row.pendingFrom!.toISOString(),
                    confirmable: confirmable(row, at),
                  }
                : null,
            },
          ] as const;
        }),
      );
      return Object.fromEntries(entries) as LimitsResponse['deposit'];
    };
    const room = await roomIn(options.db, memberId, at);
    const sessionLive =
      state?.sessionLastAt != null && at.getTime() - state.sessionLastAt.getTime() < SESSION_IDLE_MS;
    return {
      deposit: await views('deposit'),
      loss: await views('loss'),
      depositRemaining: room === null ? null : Number(room),
      realityCheckMinutes: state?.realityCheckMinutes ?? null,
      session: sessionLive ? await sessionOf(memberId, state.sessionStartedAt!, state.sessionLastAt!) : null,
      ...blocksOf(state, at),
    };
  }

  /** The live session for the reality check: its result counted by the play tally's whole hours. */
  async function sessionOf(memberId: number, startedAt: Date, lastAt: Date) {
    const since = new Date(Math.floor(startedAt.getTime() / 3_600_000) * 3_600_000);
    const { loss } = await options.netLossSince(memberId, since);
    return {
      startedAt: startedAt.toISOString(),
      lastAt: lastAt.toISOString(),
      result: Number(-loss),
      resultSince: since.toISOString(),
    };
  }

  /**
   * Writes the member's state change under their lock, with its history row; a staff member's
   * `audit` is written in that same transaction, with the state before and after (decision 062).
   */
  async function changeState(
    memberId: number,
    what: string,
    decide: (state: StateRow | null, at: Date) => Partial<StateRow> | null,
    staff: { id: number; audit: StaffAudit; shown: 'timeout' | 'selfExclusion' } | null = null,
  ): Promise<void> {
    const at = now();
    await repository.transaction(async (tx) => {
      await repository.lock(tx, memberId);
      const state = await repository.stateOf(tx, memberId);
      const changes = decide(state, at);
      if (changes) {
        await repository.saveState(tx, memberId, changes, at);
        await repository.record(tx, {
          memberId,
          staffId: staff?.id ?? null,
          what,
          detail: { ...changes },
          at,
        });
      }
      if (!staff) return;
      const after = changes ? ({ ...state, ...changes } as StateRow) : state;
      await staff.audit(tx, {
        before: blocksOf(state, at)[staff.shown],
        after: blocksOf(after, at)[staff.shown],
      });
    });
  }

  const service = {
    view,

    /** Sets the member's limits: tighter at once, looser after 24 h and a confirmation. */
    async update(
      memberId: number,
      asked: LimitsUpdate,
      staffId: number | null = null,
    ): Promise<LimitsResponse> {
      const at = now();
      await repository.transaction(async (tx) => {
        await repository.lock(tx, memberId);
        const rows = await repository.limitsOf(tx, memberId);
        for (const kind of LIMIT_KINDS) {
          for (const period of LIMIT_PERIODS) {
            const current = rows.find((row) => row.kind === kind && row.period === period);
            const value = asked[kind][period];
            const next = changedLimit(
              current,
              { memberId, kind, period },
              value === null ? null : BigInt(value),
              at,
            );
            if (!next) continue;
            await repository.saveLimit(tx, next);
            await repository.record(tx, {
              memberId,
              staffId,
              what: next.pending ? 'limit.asked' : 'limit.set',
              detail: { kind, period, before: current?.value?.toString() ?? null, after: changeOf(next) },
              at,
            });
          }
        }
        const state = await repository.stateOf(tx, memberId);
        if ((state?.realityCheckMinutes ?? null) !== asked.realityCheckMinutes) {
          await repository.saveState(tx, memberId, { realityCheckMinutes: asked.realityCheckMinutes }, at);
          await repository.record(tx, {
            memberId,
            staffId,
            what: 'reality-check.set',
            detail: { before: state?.realityCheckMinutes ?? null, after: asked.realityCheckMinutes },
            at,
          });
        }
      });
      return view(memberId);
    },

    /** Staff tighten a member's limits, never loosen them (limits-staff.ts), audited in the change's transaction. */
    tightenByStaff: (memberId: number, asked: StaffLimitsUpdate, staff: NonNullable<ByStaff>) =>
      tightenLimits(repository, memberId, asked, staff, now()),

    /** Makes every loosening whose 24 hours have passed hold; LIMIT_NOT_CONFIRMABLE when none. */
    async confirm(memberId: number): Promise<LimitsResponse> {
      const at = now();
      const confirmed = await repository.transaction(async (tx) => {
        await repository.lock(tx, memberId);
        const due = (await repository.limitsOf(tx, memberId)).filter((row) => confirmable(row, at));
        for (const row of due) {
          await repository.saveLimit(tx, {
            ...row,
            value: row.pendingValue,
            pending: false,
            pendingValue: null,
            pendingFrom: null,
            updatedAt: at,
          });
          await repository.record(tx, {
            memberId,
            what: 'limit.confirmed',
            detail: {
              kind: row.kind,
              period: row.period,
              before: row.value?.toString() ?? null,
              after: row.pendingValue?.toString() ?? null,
            },
            at,
          });
        }
        return due.length;
      });
      if (confirmed === 0) throw new AppError('LIMIT_NOT_CONFIRMABLE', 409);
      return view(memberId);
    },

    /** A time-out of `days`; a longer one already running is kept (a time-out is never shortened). */
    async timeout(memberId: number, days: number, staff: ByStaff = null): Promise<LimitsResponse> {
      await changeState(
        memberId,
        staff === null ? 'timeout' : 'timeout.staff',
        (state, at) => {
          const until = new Date(at.getTime() + days * 86_400_000);
          if (state?.timeoutUntil && state.timeoutUntil >= until) return null;
          return { timeoutUntil: until, sessionLastAt: null, sessionStartedAt: null };
        },
        staff && { ...staff, shown: 'timeout' },
      );
      return view(memberId);
    },

    /**
     * A self-exclusion of `months` (null: for good). It cannot be shortened or undone: a running
     * one is only lengthened, and asking again after it lifted starts a new one.
     */
    async selfExclude(
      memberId: number,
      months: number | null,
      staff: ByStaff = null,
    ): Promise<LimitsResponse> {
      await changeState(
        memberId,
        staff === null ? 'self-exclusion' : 'self-exclusion.staff',
        (state, at) => {
          const until = months === null ? null : monthsAfter(at, months);
          if (blockIn(state, at) === 'SELF_EXCLUDED') {
            const current = state!.excludedUntil;
            if (current === null) return null;
            if (until !== null && until <= current) return null;
            return { excludedUntil: until, liftAt: null };
          }
          return {
            excludedSince: at,
            excludedUntil: until,
            liftAt: null,
            sessionLastAt: null,
            sessionStartedAt: null,
          };
        },
        staff && { ...staff, shown: 'selfExclusion' },
      );
      return view(memberId);
    },

    /** The member asks an ended self-exclusion to lift: it does 7 days later (EXCLUSION_NOT_OVER before its end). */
    async endExclusion(memberId: number): Promise<LimitsResponse> {
      let refused = false;
      await changeState(memberId, 'self-exclusion.lift-asked', (state, at) => {
        const over =
          blockIn(state, at) === 'SELF_EXCLUDED' &&
          state!.excludedUntil !== null &&
          state!.excludedUntil.getTime() <= at.getTime();
        if (!over) {
          refused = true;
          return null;
        }
        if (state!.liftAt) return null;
        return { liftAt: new Date(at.getTime() + EXCLUSION_LIFT_MS) };
      });
      if (refused) throw new AppError('EXCLUSION_NOT_OVER', 409);
      return view(memberId);
    },

    /** TIMED_OUT or SELF_EXCLUDED while one runs, else nothing: deposits and claims call this. */
    async assertNotBlocked(memberId: number): Promise<void> {
      const block = blockIn(await repository.stateOf(options.db, memberId), now());
      if (block) throw new AppError(block, 403);
    },

    /** Whether a self-exclusion runs (no bonus, marketing or push reaches the member). */
    async excluded(memberId: number): Promise<boolean> {
      return blockIn(await repository.stateOf(options.db, memberId), now()) === 'SELF_EXCLUDED';
    },

    /**
     * Before money goes into a game or a game opens: refused in a time-out or self-exclusion,
     * once a period's deposits passed its limit (until the period rolls over), or once a period's
     * net loss reached its limit. A move let through keeps the play session's clock.
     */
    async assertMayPlay(memberId: number): Promise<void> {
      const at = now();
      const { state, limits: rows } = await repository.playOf(memberId);
      const block = blockIn(state, at);
      if (block) throw new AppError(block, 403);
      let uncounted = false;
      for (const row of rows) {
        if (row.value === null) continue;
        const period = row.period as LimitPeriod;
        if (row.kind === 'deposit' && (await usedIn(memberId, 'deposit', period, at)) > row.value)
          throw new AppError('DEPOSIT_LIMIT', 422);
        if (row.kind !== 'loss') continue;
        const { used, counted } = await lossIn(memberId, period, at);
        if (used >= row.value) throw new AppError('LOSS_LIMIT', 422);
        uncounted ||= !counted;
      }
      // NOTE: a loss limit fails closed: rounds a provider cannot tell now may have reached it.
      if (uncounted) throw new AppError('LOSS_UNCOUNTED', 422);
      const live =
        state?.sessionLastAt != null && at.getTime() - state.sessionLastAt.getTime() < SESSION_IDLE_MS;
      // NOTE: the session's clock is kept to the minute: a move within a minute of the last one
      // written writes nothing (a transfer stays at its two writes, decision 030).
      if (live && at.getTime() - state.sessionLastAt!.getTime() < SESSION_TICK_MS) return;

      await repository.saveState(
        options.db,
        memberId,
        { sessionStartedAt: live ? state.sessionStartedAt : at, sessionLastAt: at },
        at,
      );
    },

    /**
     * In the caller's transaction, under the member's lock: refuses a deposit of `amount` past the
     * room the deposit limits leave (LimitError DEPOSIT_LIMIT with that room). The caller writes
     * its deposit (an open QR) in the same transaction, so two at once cannot both pass.
     */
    async admitDeposit(tx: Executor, memberId: number, amount: bigint): Promise<void> {
      await repository.lock(tx, memberId);
      const room = await roomIn(tx, memberId, now());
      if (room !== null && amount > room) throw new LimitError('DEPOSIT_LIMIT', room);
    },

    /**
     * Admits a deposit whose amount is known before it is credited (a gift link) and counts it
     * until `releaseDeposit(key)`, after its credit or failure.
     */
    async reserveDeposit(memberId: number, key: string, amount: bigint): Promise<void> {
      await repository.transaction(async (tx) => {
        await service.admitDeposit(tx, memberId, amount);
        await repository.reserve(tx, key, memberId, amount, now());
      });
    },

    releaseDeposit: (key: string) => repository.release(key),

    /** Deposits minus withdrawals over the last 3 and 12 months (the statement page). */
    async netDeposits(memberId: number) {
      const at = now();
      const [threeMonths, twelveMonths] = await Promise.all([
        options.netDepositsSince(memberId, monthsAfter(at, -3)),
        options.netDepositsSince(memberId, monthsAfter(at, -12)),
      ]);
      return { threeMonths: Number(threeMonths), twelveMonths: Number(twelveMonths) };
    },

    /** The member's limit history, newest first (the staff's panel). */
    history: (memberId: number, limit = 50) => repository.history(memberId, limit),
  };
  return service;
}

export type LimitsService = ReturnType<typeof createLimitsService>;
