import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import {
  SelfExclusionRequest,
  StaffLimitsResponse,
  StaffLimitsUpdate,
  TimeoutRequest,
} from '@wallet/contract/http/limits';
import { AppError, errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { Executor } from './limits.repository';
import type { LimitsService } from './limits.service';

export interface LimitsConsoleRoutesOptions {
  limits: LimitsService;
  /** Whether the member exists (NO_USER otherwise). */
  memberExists: (memberId: number) => Promise<boolean>;
  staffNamesOf: (ids: number[]) => Promise<Map<number, string>>;
}

const errors = errorResponses(400, 401, 403, 404, 409);

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/**
 * A history row as staff read it: a limit's kind, period and values (a loosening asked: its
 * value), or a state's new end (a time-out's, an exclusion's, a lift's).
 */
function eventOf(detail: Record<string, unknown>) {
  const after = detail.after;
  const asked =
    after !== null && typeof after === 'object' ? (after as { pending?: unknown }).pending : after;
  return {
    kind: text(detail.kind),
    period: text(detail.period),
    before: text(detail.before),
    after:
      typeof detail.kind === 'string'
        ? text(asked)
        : text(detail.timeoutUntil ?? detail.excludedUntil ?? detail.liftAt ?? detail.after),
  };
}

/**
 * A member's play limits on the money desk's member view (issue 29): read with members.read;
 * tightened, a time-out or self-exclusion started with members.manage, never loosened (the server
 * refuses it), each audited with before and after.
 */
export const limitsConsoleRoutes: FastifyPluginAsyncZod<LimitsConsoleRoutesOptions> = async (
  app,
  { limits, memberExists, staffNamesOf },
) => {
  const schema = (summary: string) => ({
    tags: ['console'],
    summary,
    security: [{ bearer: [] }],
    params: MemberParam,
    response: { 200: StaffLimitsResponse, ...errors },
  });

  async function answer(memberId: number) {
    const [view, history] = await Promise.all([limits.view(memberId), limits.history(memberId)]);
    const staffIds = [...new Set(history.flatMap((row) => (row.staffId === null ? [] : [row.staffId])))];
    const names = await staffNamesOf(staffIds);
    return {
      limits: view,
      history: history.map((row) => ({
        what: row.what,
        ...eventOf(row.detail),
        staff:
          row.staffId === null
            ? null
            : { id: row.staffId, username: names.get(row.staffId) ?? `#${row.staffId}` },
        at: row.at.toISOString(),
      })),
    };
  }
  /** The staff member of `request`, whose audit row is written in the change's own transaction. */
  const byStaff = (request: FastifyRequest<{ Params: { memberId: number } }>, action: string) => ({
    id: staffOf(request).id,
    audit: (tx: Executor, detail: Record<string, unknown>) =>
      app.staffAudit.recordIn(tx, request, action, `member:${request.params.memberId}`, detail),
  });
  async function known(memberId: number) {
    if (!(await memberExists(memberId))) throw new AppError('NO_USER', 404);
  }

  app.get(
    '/api/console/members/:memberId/limits',
    {
      onRequest: app.requirePermission('members.read'),
      schema: schema("A member's play limits, usage, time-out, exclusion and their history"),
    },
    async (request) => {
      await known(request.params.memberId);
      return answer(request.params.memberId);
    },
  );

  app.put(
    '/api/console/members/:memberId/limits',
    {
      onRequest: app.requirePermission('members.manage'),
      schema: {
        ...schema(
          'Tightens a member\u2019s limits at once (LIMIT_STAFF_TIGHTEN_ONLY for a loosening; null leaves one as it is)',
        ),
        body: StaffLimitsUpdate,
      },
    },
    async (request) => {
      const { memberId } = request.params;
      await known(memberId);
      await limits.tightenByStaff(memberId, request.body, byStaff(request, 'member.limits'));
      return answer(memberId);
    },
  );

  app.post(
    '/api/console/members/:memberId/timeout',
    {
      onRequest: app.requirePermission('members.manage'),
      schema: {
        ...schema('Starts or lengthens a member\u2019s time-out (never shortens one)'),
        body: TimeoutRequest,
      },
    },
    async (request) => {
      const { memberId } = request.params;
      await known(memberId);
      await limits.timeout(memberId, request.body.days, byStaff(request, 'member.timeout'));
      return answer(memberId);
    },
  );

  app.post(
    '/api/console/members/:memberId/self-exclusion',
    {
      onRequest: app.requirePermission('members.manage'),
      schema: {
        ...schema('Starts or lengthens a member\u2019s self-exclusion (never shortens or ends one)'),
        body: SelfExclusionRequest,
      },
    },
    async (request) => {
      const { memberId } = request.params;
      await known(memberId);
      await limits.selfExclude(memberId, request.body.months, byStaff(request, 'member.self-exclusion'));
      return answer(memberId);
    },
  );
};
