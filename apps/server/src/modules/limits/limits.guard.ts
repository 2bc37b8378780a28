import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../platform/auth';
import type { LimitsService } from './limits.service';

/**
 * What a member route moves, as play limits judge it (issue 29, decision 053):
 * - `deposit`: money into the wallet from outside: refused in a time-out or self-exclusion (the
 *   amount itself is judged by the deposit's own path, under the member's lock);
 * - `play`: money into a game, or a game opened: refused in a time-out or self-exclusion, past a
 *   deposit limit, at a loss limit;
 * - `claim`: a bonus, promotion, invite, refund, spin or coupon: refused in a time-out or
 *   self-exclusion.
 * A function answers null for a call of that route that moves nothing toward play (money brought
 * back from a game to the wallet).
 */
type Judged = 'deposit' | 'play' | 'claim';
type Rule = Judged | ((request: FastifyRequest) => Judged | null);

const towardGame = (request: FastifyRequest): Judged | null =>
  (request.body as { to?: string } | undefined)?.to === 'wallet' ? null : 'play';

export const GUARDED_ROUTES: Record<string, Rule> = {
  'POST /api/qrcode/:provider': 'deposit',
  'POST /api/wallet/truelink': 'deposit',
  'POST /api/wallet/add': 'deposit',
  'POST /api/wallet/slip': 'deposit',
  'POST /api/wallet/transfer': towardGame,
  'POST /api/wallet/transferAll': towardGame,
  'GET /api/autoLogin/:game/:username': 'play',
  'GET /api/autoLogin/:game/:username/:password': 'play',
  'GET /api/bonus/activate/:code': 'claim',
  'GET /api/promotion/activate/:code': 'claim',
  'POST /api/invite/claim': 'claim',
  'GET /api/refund/receive': 'claim',
  'GET /api/refund/addWallet': 'claim',
  'POST /api/spinwheel/spin': 'claim',
  'POST /api/spinwheel/coupon/claim': 'claim',
};

/**
 * Adds the limits' check after the member's sign-in check of every route above, before its
 * handler (and so before its Idempotency-Key is taken): a refusal changes nothing. Registered
 * before the modules' routes, so that it sees each one as it is added.
 */
export function registerPlayGuards(app: FastifyInstance, limits: LimitsService): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = methods.map((method) => GUARDED_ROUTES[`${method} ${route.url}`]).find(Boolean);
    if (!rule) return;
    const guard = async (request: FastifyRequest): Promise<void> => {
      const judged = typeof rule === 'function' ? rule(request) : rule;
      if (judged === null) return;
      const memberId = memberOf(request).id;
      if (judged === 'play') await limits.assertMayPlay(memberId);
      else await limits.assertNotBlocked(memberId);
    };
    const before = route.preHandler;
    route.preHandler =
      before === undefined ? [guard] : [...(Array.isArray(before) ? before : [before]), guard];
  });
}
