import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizePhone } from '@wallet/contract/input';
import { memberOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { LimitsService } from './limits.service';

/**
 * What a member route moves, as play limits judge it (issue 29, decision 061):
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

/** The registration routes: a self-excluded member's phone or bank account registers no one. */
const REGISTRATION_ROUTES = new Set([
  'POST /api/otp/send',
  'POST /api/account',
  'POST /api/account/validate',
]);

export interface PlayGuardOptions {
  /** The members holding a phone or bank account (the accounts module). */
  membersHolding: (
    username: string,
    bank: { bankCode: string; accountNo: string } | null,
  ) => Promise<number[]>;
}

/**
 * Refuses a registration with the phone or bank account of a self-excluded member (SELF_EXCLUDED,
 * rather than EXISTING_USER or EXISTING_BANK): the exclusion would otherwise end by a new account.
 */
function registrationGuard(limits: LimitsService, options: PlayGuardOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as
      { username?: string; phoneNumber?: string; bankCode?: string; bankAccountNo?: string } | undefined;
    // The registration's first step sends the phone as phoneNumber, the later ones as username.
    // NOTE: the first is the phone as typed (spaces, dashes): read as the registration reads it.
    const typed = body?.username ?? body?.phoneNumber;
    if (!typed) return;
    const username = normalizePhone(typed);
    const bank =
      body?.bankCode && body.bankAccountNo
        ? { bankCode: body.bankCode, accountNo: body.bankAccountNo }
        : null;
    for (const memberId of await options.membersHolding(username, bank)) {
      if (await limits.excluded(memberId)) throw new AppError('SELF_EXCLUDED', 409);
    }
  };
}

/**
 * Adds the limits' check after the member's sign-in check of every route above, before its
 * handler (and so before its Idempotency-Key is taken): a refusal changes nothing. Registered
 * before the modules' routes, so that it sees each one as it is added.
 */
export function registerPlayGuards(
  app: FastifyInstance,
  limits: LimitsService,
  options: PlayGuardOptions,
): void {
  app.addHook('onRoute', (route) => {
    // NOTE: Fastify answers HEAD on every GET route with the GET's handler, as a route of its own
    // made from the GET's options before this hook ran: it is judged as its GET, or a HEAD would
    // claim a bonus or a refund past every state (decision 062).
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((method) =>
      method === 'HEAD' ? 'GET' : method,
    );
    if (methods.some((method) => REGISTRATION_ROUTES.has(`${method} ${route.url}`))) {
      const before = route.preHandler;
      const guard = registrationGuard(limits, options);
      route.preHandler =
        before === undefined ? [guard] : [...(Array.isArray(before) ? before : [before]), guard];
      return;
    }
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
