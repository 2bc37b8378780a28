import {
  OfferCode,
  type ActiveCheckResponse,
  type BonusOffer,
  type BonusProgress,
  type ClaimableOffersResponse,
  type MinimumCheckResponse,
  type OfferChannel,
  type Promotion,
  type UserBonus,
} from '@wallet/contract/http/bonus';
import type { Locale } from '@wallet/contract/constants';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import type { GamesService } from '../../games/games.service';
import {
  capOf,
  forfeitOnCancel,
  offerIn,
  termsOf,
  type GrantRow,
  type GrantsService,
  type GrantTerms,
  type OfferRow,
} from '../engine/grants.service';
import { sanitizeHtml } from '../../../platform/sanitize-html';
import { DEMO_OFFERS } from './promotions.seed';

export interface PromotionsServiceOptions {
  grants: GrantsService;
  games: GamesService;
  currencyOf: (memberId: number) => Promise<Currency>;
  now: () => Date;
}

const amount = (value: bigint) => Number(value) as MinorUnits;

/**
 * Bonuses and promotion codes (spec sections 2-8; docs/decisions/019-bonus-grant-engine.md): the
 * answers of the member's calls, over the grant engine.
 */
export function createPromotionsService(options: PromotionsServiceOptions) {
  const { grants } = options;
  const { engine } = grants;

  /** An offer's terms as shown (from the offer, or as a grant of it copied them). */
  function termsView(offer: Pick<OfferRow, 'channel' | 'endsAt'>, terms: GrantTerms, locale: Locale) {
    return {
      code: terms.code,
      channel: offer.channel,
      name: terms.names[locale],
      type: terms.type,
      maxReceived: terms.maxReceived,
      reward: terms.reward,
      minimumDeposit: amount(BigInt(terms.minimumDeposit)),
      turnoverMultiple: terms.turnoverMultiple,
      games: terms.contributions,
      withdrawCapMultiple: terms.withdrawCapMultiple,
      floor: amount(BigInt(terms.floor)),
      percentFail: terms.percentFail,
      grantDays: terms.grantDays,
      endsAt: offer.endsAt?.toISOString() ?? null,
    };
  }

  // NOTE: the operator's HTML is cleaned when staff save it and again here: a row written by SQL or
  // a seed is shown as safely as one from the console (decision 057).
  const bannersOf = (offer: OfferRow, locale: Locale) =>
    offer.banners.map((banner) => ({ image: banner.image, html: sanitizeHtml(banner.html[locale]) }));

  function userBonusOf(rows: GrantRow[]): UserBonus | null {
    const [latest] = rows;
    if (!latest) return null;
    return {
      _id: String(latest.id),
      isActive: latest.state === 'active',
      received: rows.map((grant) => ({ updatedAt: grant.claimedAt.toISOString() })),
    };
  }

  const isOpen = (offer: OfferRow, at: Date) =>
    offer.active &&
    (!offer.startsAt || offer.startsAt.getTime() <= at.getTime()) &&
    (!offer.endsAt || at.getTime() < offer.endsAt.getTime());

  function promotionOf(offer: OfferRow, terms: GrantTerms, locale: Locale): Promotion {
    return {
      ...termsView(offer, terms, locale),
      description: sanitizeHtml(offer.notices[locale]),
      banners: bannersOf(offer, locale),
    };
  }

  async function activate(
    memberId: number,
    code: string,
    channel: OfferChannel,
  ): Promise<{ userBonus: UserBonus; credited: MinorUnits }> {
    const grant = await engine.claim(memberId, code, channel);
    const ofOffer = (await grants.grantsOf(memberId)).filter((row) => row.offerId === grant.offerId);
    return { userBonus: userBonusOf(ofOffer)!, credited: amount(grant.bonus) };
  }

  return {
    /** Adds the demo offers whose codes are new (at start-up). */
    seed: () => grants.offers.seed(DEMO_OFFERS),

    /** For operators and tests: running grants keep the terms they copied. */
    updateOffer: grants.offers.update,

    /** GET /api/bonus: the open bonus offers, each with the member's record of it. */
    async list(memberId: number, locale: Locale): Promise<{ bonuses: BonusOffer[]; currency: Currency }> {
      const at = options.now();
      const [offers, received, currency] = await Promise.all([
        grants.offers.list('bonus'),
        grants.grantsOf(memberId),
        options.currencyOf(memberId),
      ]);
      const bonuses = offers
        .filter((offer) => isOpen(offer, at))
        .map((offer) => ({
          ...termsView(offer, termsOf(offerIn(offer, currency)), locale),
          notice: sanitizeHtml(offer.notices[locale]),
          banners: bannersOf(offer, locale),
          userBonus: userBonusOf(received.filter((grant) => grant.offerId === offer.id)),
        }));
      return { bonuses, currency };
    },

    activate,

    /** GET /api/bonus/claimable: what the latest deposit would get now, by the claim's own rule. */
    async claimable(memberId: number, locale: Locale): Promise<ClaimableOffersResponse> {
      const [found, currency] = await Promise.all([engine.claimable(memberId), options.currencyOf(memberId)]);
      return {
        currency,
        offers: found.map(({ offer, deposit, bonus, until }) => ({
          code: offer.code,
          name: offer.names[locale],
          deposit: amount(deposit),
          bonus: amount(bonus),
          until: until.toISOString(),
        })),
      };
    },

    async checkActive(memberId: number, locale: Locale): Promise<ActiveCheckResponse> {
      const grant = await engine.current(memberId);
      const last = grant ? null : (await grants.grantsOf(memberId)).find((row) => row.closedAt !== null);
      return grant
        ? {
            status: true,
            type: grant.terms.channel,
            code: grant.terms.code,
            name: grant.terms.names[locale],
            last: null,
          }
        : {
            status: false,
            type: null,
            code: null,
            name: null,
            last:
              last && last.state !== 'active'
                ? {
                    code: last.terms.code,
                    name: last.terms.names[locale],
                    state: last.state,
                    taken: amount(last.closedAmount ?? 0n),
                    closedAt: last.closedAt!.toISOString(),
                  }
                : null,
          };
    },

    /** Whether the member's total is under the running grant's floor (a grant under it ends). */
    async checkMinimum(memberId: number): Promise<MinimumCheckResponse> {
      const grant = await engine.current(memberId);
      const held = await engine.holdings(memberId);
      if (!grant) return { status: false, minimum: null, balance: amount(held.total) };
      const floor = BigInt(grant.terms.floor);
      return { status: held.total < floor, minimum: amount(floor), balance: amount(held.total) };
    },

    /** GET /api/bonus/clear: the member cancels the running grant. */
    async clear(memberId: number): Promise<{ message: 'BONUS_CLEAR'; forfeited: MinorUnits }> {
      return { message: 'BONUS_CLEAR', forfeited: amount(await engine.cancel(memberId)) };
    },

    /** GET /api/bonus/progress: the running grant in numbers, brought up to date first. */
    async progress(memberId: number, locale: Locale): Promise<BonusProgress | null> {
      const grant = await engine.current(memberId);
      if (!grant) return null;
      const [turnover, players, catalogue, held] = await Promise.all([
        grants.turnoverOf(grant.id),
        options.games.accounts.accountsOf(memberId),
        options.games.accounts.catalogue(),
        engine.holdings(memberId),
      ]);
      const done = turnover.reduce((sum, row) => sum + row.turnover, 0n);
      const missing = grant.requiredTurnover > done ? grant.requiredTurnover - done : 0n;
      const cap = capOf(grant.terms.withdrawCapMultiple, grant.deposit, grant.bonus);
      return {
        grantId: String(grant.id),
        currency: grant.currency as Currency,
        code: grant.terms.code,
        name: grant.terms.names[locale],
        channel: grant.terms.channel,
        state: grant.state,
        deposit: amount(grant.deposit),
        bonus: amount(grant.bonus),
        turnoverMultiple: grant.terms.turnoverMultiple,
        required: amount(grant.requiredTurnover),
        done: amount(done),
        missing: amount(missing),
        games: players.flatMap((player) => {
          const entry = catalogue.find((game) => game.code === player.gameCode);
          if (!entry) return [];
          const percent =
            grant.terms.contributions.find((contribution) => contribution.category === entry.category)
              ?.percent ?? 0;
          const counted = turnover.find((row) => row.gameCode === player.gameCode)?.turnover ?? 0n;
          return [
            {
              code: entry.code,
              name: entry.name,
              category: entry.category,
              percent,
              turnover: amount(counted),
            },
          ];
        }),
        contributions: grant.terms.contributions,
        floor: amount(BigInt(grant.terms.floor)),
        cap: cap === null ? null : amount(cap),
        balance: amount(held.total),
        claimedAt: grant.claimedAt.toISOString(),
        expiresAt: grant.expiresAt.toISOString(),
        percentFail: grant.terms.percentFail,
        forfeitNow: amount(
          forfeitOnCancel(
            { bonus: grant.bonus, percentFail: grant.terms.percentFail, required: grant.requiredTurnover },
            held.total,
            done,
          ),
        ),
      };
    },

    /** GET /api/promotion/current: the running grant when it is a promotion. */
    async currentPromotion(memberId: number, locale: Locale): Promise<Promotion | null> {
      // NOTE: no pull here: the page's check/active and progress bring the grant up to date.
      const grant = await grants.activeGrantOf(memberId);
      if (!grant || grant.terms.channel !== 'promotion' || grant.offerId === null) return null;
      const offer = await grants.offers.byId(grant.offerId);
      return offer ? promotionOf(offer, grant.terms, locale) : null;
    },

    /** GET /api/promotion/find/{code}: an open promotion by its code, or null. */
    async findPromotion(memberId: number, code: string, locale: Locale): Promise<Promotion | null> {
      const parsed = OfferCode.safeParse(code);
      if (!parsed.success) return null;
      const offer = await grants.offers.byCode(parsed.data);
      if (!offer || offer.channel !== 'promotion' || !isOpen(offer, options.now())) return null;
      const currency = await options.currencyOf(memberId);
      return promotionOf(offer, termsOf(offerIn(offer, currency)), locale);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
