import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import { MemberStatusChange, MemberStatusResponse } from '@wallet/contract/http/console-member-actions';
import { AppError, errorResponses } from '../../platform/errors';
import type { AccountsService } from '../accounts/accounts.service';

export interface MemberLockRoutesOptions {
  accounts: Pick<AccountsService, 'setStatus' | 'statusOf'>;
  /** Marks the member's withdrawals waiting for review as locked, or clears the mark. */
  withdrawalsLocked: (memberId: number, locked: boolean) => Promise<void>;
}

const errors = errorResponses(400, 401, 403, 404);

/**
 * Locking a member out and letting them back in (issue 27, section 5; `members.manage`). A lock
 * ends every session of the member at once on every server process and closes their chat sockets
 * (decision 038's revocation); sign-in then answers INACTIVE_USER. Their withdrawals waiting for
 * review stay held: staff cannot approve them while the member is locked (decision 045).
 */
export const memberLockRoutes: FastifyPluginAsyncZod<MemberLockRoutesOptions> = async (
  app,
  { accounts, withdrawalsLocked },
) => {
  const schema = (summary: string) => ({
    tags: ['console'],
    summary,
    security: [{ bearer: [] }],
    params: MemberParam,
    body: MemberStatusChange,
    response: { 200: MemberStatusResponse, ...errors },
  });

  for (const [action, status] of [
    ['lock', 'inactive'],
    ['unlock', 'active'],
  ] as const) {
    app.post(
      `/api/console/members/:memberId/${action}`,
      {
        onRequest: app.requirePermission('members.manage'),
        schema: schema(
          action === 'lock'
            ? 'Locks a member out: every session ends at once on every process, sign-in is refused'
            : 'Lets a locked member sign in again',
        ),
      },
      async (request) => {
        const { memberId } = request.params;
        const before = await accounts.statusOf(memberId);
        if (before === null) throw new AppError('NO_USER', 404);
        // NOTE: a lock marks the waiting withdrawals first: it waits for an approval already writing
        // one, and no approval after it can pay. An unlock clears them last, once the member is back.
        if (status === 'inactive') await withdrawalsLocked(memberId, true);
        // Locking again still ends sessions (one may have been opened by a race with the first).
        await accounts.setStatus(memberId, status);
        if (status === 'active') await withdrawalsLocked(memberId, false);
        await app.staffAudit.record(request, `member.${action}`, `member:${memberId}`, {
          before,
          after: status,
          reason: request.body.reason,
        });
        return { memberId, status };
      },
    );
  }
};
