import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Market } from '@wallet/contract/constants';
import type { MinorUnits } from '@wallet/contract/money';
import {
  InviteClaimResponse,
  InviteListResponse,
  InviteSummaryResponse,
  RefundAddWalletResponse,
  RefundCheckResponse,
  RefundListResponse,
  RefundReceiveResponse,
  RewardBannersResponse,
  RewardPageRequest,
} from '@wallet/contract/http/rewards';
import { memberOf } from '../../../platform/auth';
import { requestLocale } from '../../../platform/locale';
import type { RewardsService } from './rewards.service';
import { errorResponses } from '../../../platform/errors';

export interface RewardsRoutesOptions {
  rewards: RewardsService;
  market: Market;
}

const refusals = errorResponses(400, 401, 404, 409, 503);

const money = (value: bigint) => Number(value) as MinorUnits;

/** Invite and Refund (spec section 7), and POST /api/invite/claim (ours: the spec leaves it open). */
export const rewardsRoutes: FastifyPluginAsyncZod<RewardsRoutesOptions> = async (
  app,
  { rewards, market },
) => {
  const security = [{ bearer: [] }];
  const schema = <T>(tags: string, summary: string, response: T) => ({
    tags: [tags],
    summary,
    security,
    response: { 200: response, ...refusals },
  });
  const member = { preHandler: app.requireMember };

  app.post(
    '/api/invite',
    {
      ...member,
      schema: {
        ...schema('invite', 'Commission earned from invitees', InviteListResponse),
        body: RewardPageRequest,
      },
    },
    async (request) => rewards.inviteList(memberOf(request).id, request.body),
  );
  app.get(
    '/api/invite/bonus',
    {
      ...member,
      schema: schema(
        'invite',
        'What the member may claim from invitees, and its terms',
        InviteSummaryResponse,
      ),
    },
    async (request) => rewards.inviteSummary(memberOf(request).id),
  );
  app.get(
    '/api/invite/banners',
    { ...member, schema: schema('invite', 'The invite banners', RewardBannersResponse) },
    async (request) => ({ banners: await rewards.banners('invite', requestLocale(request, market)) }),
  );
  app.post(
    '/api/invite/claim',
    {
      ...member,
      schema: {
        ...schema(
          'invite',
          'Claims the collected commission as a grant with the invite terms',
          InviteClaimResponse,
        ),
        body: z.object({}).optional(),
      },
    },
    async (request) => ({
      message: 'INVITE_BONUS_SUCCESS' as const,
      credited: money(await rewards.claimInvite(memberOf(request).id)),
    }),
  );

  app.post(
    '/api/refund',
    {
      ...member,
      schema: { ...schema('refund', 'Refunds received', RefundListResponse), body: RewardPageRequest },
    },
    async (request) => rewards.refundList(memberOf(request).id, request.body),
  );
  app.get(
    '/api/refund/check',
    {
      ...member,
      schema: schema('refund', 'The last closed period’s refund and the refund balance', RefundCheckResponse),
    },
    async (request) => rewards.refundCheck(memberOf(request).id),
  );
  app.get(
    '/api/refund/receive',
    {
      ...member,
      schema: schema('refund', 'Receives the last closed period’s refund', RefundReceiveResponse),
    },
    async (request) => ({
      message: 'REFUND_SUCCESS' as const,
      received: money(await rewards.receiveRefund(memberOf(request).id)),
    }),
  );
  app.get(
    '/api/refund/addWallet',
    {
      ...member,
      schema: schema('refund', 'Moves the refund balance to the wallet as a grant', RefundAddWalletResponse),
    },
    async (request) => ({
      message: 'REFUND_SUCCESS' as const,
      credited: money(await rewards.refundToWallet(memberOf(request).id)),
    }),
  );
  app.get(
    '/api/refund/banners',
    { ...member, schema: schema('refund', 'The refund banners', RewardBannersResponse) },
    async (request) => ({ banners: await rewards.banners('refund', requestLocale(request, market)) }),
  );
};
