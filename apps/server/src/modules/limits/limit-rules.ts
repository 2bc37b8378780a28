import { LIMIT_COOLING_OFF_MS, type LimitKind, type LimitPeriod } from '@wallet/contract/http/limits';
import type { LimitRow, StateRow } from './limits.repository';

/**
 * How a member's change of one limit is taken (issue 29, decision 061): a lower or a new limit
 * holds at once; a higher one or a removal waits 24 hours and holds only once the member confirms
 * it after them. Until then the old limit holds. Asking the same loosening again keeps its clock.
 */
export function changedLimit(
  current: LimitRow | undefined,
  key: { memberId: number; kind: LimitKind; period: LimitPeriod },
  asked: bigint | null,
  now: Date,
): LimitRow | null {
  const value = current?.value ?? null;
  const base: LimitRow = {
    ...key,
    value,
    pending: false,
    pendingValue: null,
    pendingFrom: null,
    updatedAt: now,
  };
  const tighter = asked !== null && (value === null || asked <= value);
  if (tighter) {
    if (value === asked && !current?.pending) return null;
    return { ...base, value: asked };
  }
  if (asked === value) {
    // Both none: a loosening waiting to be confirmed is given up.
    return current?.pending ? base : null;
  }
  if (current?.pending && current.pendingValue === asked) return null;
  return {
    ...base,
    pending: true,
    pendingValue: asked,
    pendingFrom: new Date(now.getTime() + LIMIT_COOLING_OFF_MS),
  };
}

/** Whether a limit's waiting loosening may be confirmed now. */
export const confirmable = (row: LimitRow, now: Date) =>
  row.pending && row.pendingFrom !== null && row.pendingFrom.getTime() <= now.getTime();

/**
 * A staff member may only tighten (decision 061): a value at or under the one in force, never a
 * removal; it holds at once and drops a loosening the member had asked for.
 */
export function tightenedByStaff(current: LimitRow | undefined, asked: bigint): boolean {
  const value = current?.value ?? null;
  return value === null || asked <= value;
}

/** The values in force, by `kind:period`, as text (the audit's before and after). */
export function valuesOf(rows: LimitRow[]): Record<string, string | null> {
  return Object.fromEntries(rows.map((row) => [`${row.kind}:${row.period}`, row.value?.toString() ?? null]));
}

export function changeOf(row: LimitRow) {
  return row.pending
    ? { pending: row.pendingValue?.toString() ?? null, from: row.pendingFrom!.toISOString() }
    : (row.value?.toString() ?? null);
}

export type Block = 'TIMED_OUT' | 'SELF_EXCLUDED';

/** What holds the member at `at`: a self-exclusion not lifted first, then a time-out running. */
export function blockIn(state: StateRow | null, at: Date): Block | null {
  if (!state) return null;
  const lifted = state.liftAt !== null && state.liftAt.getTime() <= at.getTime();
  if (state.excludedSince !== null && !lifted) return 'SELF_EXCLUDED';
  if (state.timeoutUntil !== null && state.timeoutUntil.getTime() > at.getTime()) return 'TIMED_OUT';
  return null;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The time-out and self-exclusion as the member and staff read them (and the staff audit keeps). */
export function blocksOf(state: StateRow | null, at: Date) {
  const block = blockIn(state, at);
  return {
    timeout: block === 'TIMED_OUT' ? { until: state!.timeoutUntil!.toISOString() } : null,
    selfExclusion:
      block === 'SELF_EXCLUDED'
        ? {
            since: state!.excludedSince!.toISOString(),
            until: iso(state!.excludedUntil),
            liftAt: iso(state!.liftAt),
          }
        : null,
  };
}
