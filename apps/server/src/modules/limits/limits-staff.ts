import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type StaffLimitsUpdate,
} from '@wallet/contract/http/limits';
import { AppError } from '../../platform/errors';
import { tightenedByStaff, valuesOf } from './limit-rules';
import type { Executor, LimitRow, LimitsRepository } from './limits.repository';

/** Writes a staff member's audit row in the transaction of their change (staffAudit.recordIn). */
export type StaffAudit = (tx: Executor, detail: { before: unknown; after: unknown }) => Promise<void>;

/**
 * Staff tighten a member's limits (decision 061): every value given must be at or under the one in
 * force (LIMIT_STAFF_TIGHTEN_ONLY otherwise, nothing changed); each holds at once and drops a
 * loosening the member had asked for. The staff's audit, with the limits before and after, is
 * written in the same transaction under the member's lock (decision 062).
 */
export async function tightenLimits(
  repository: LimitsRepository,
  memberId: number,
  asked: StaffLimitsUpdate,
  staff: { id: number; audit: StaffAudit },
  at: Date,
): Promise<void> {
  await repository.transaction(async (tx) => {
    await repository.lock(tx, memberId);
    const rows = await repository.limitsOf(tx, memberId);
    const before = valuesOf(rows);
    const changes: LimitRow[] = [];
    for (const kind of LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const value = asked[kind][period];
        if (value === null) continue;
        const current = rows.find((row) => row.kind === kind && row.period === period);
        if (!tightenedByStaff(current, BigInt(value))) throw new AppError('LIMIT_STAFF_TIGHTEN_ONLY', 409);
        if (current?.value === BigInt(value) && !current.pending) continue;
        const next = { memberId, kind, period, value: BigInt(value), updatedAt: at };
        changes.push({ ...next, pending: false, pendingValue: null, pendingFrom: null });
      }
    }
    for (const row of changes) {
      await repository.saveLimit(tx, row);
      const key = `${row.kind as LimitKind}:${row.period as LimitPeriod}`;
      const detail = {
        kind: row.kind,
        period: row.period,
        before: before[key] ?? null,
        after: String(row.value),
      };
      await repository.record(tx, { memberId, staffId: staff.id, what: 'limit.staff', detail, at });
    }
    await staff.audit(tx, { before, after: { ...before, ...valuesOf(changes) } });
  });
}
