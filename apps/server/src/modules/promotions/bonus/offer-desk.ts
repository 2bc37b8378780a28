import { isDeepStrictEqual } from 'node:util';
import { isErrorCode } from '@wallet/contract/errors';
import {
  OFFER_DEFAULTS,
  OfferSettings,
  type ConsoleOffer,
  type OfferCreateRequest,
  type OfferUpdateRequest,
} from '@wallet/contract/http/console-offers';
import type { MinorUnits, PerCurrency } from '@wallet/contract/money';
import { AppError } from '../../../platform/errors';
import { sanitizeHtml, plainText } from '../../../platform/sanitize-html';
import type {
  Executor,
  GrantsService,
  LocalText,
  NewOffer,
  OfferCounts,
  OfferRow,
} from '../engine/grants.service';

/** Writes the change's audit row in its transaction (the routes name the staff member and action). */
export type AuditIn = (tx: Executor, detail: { before: unknown; after: unknown }) => Promise<void>;

/** A stored per-currency amount as the console's schema types it (decision 067). */
const amounts = (value: PerCurrency<number>) => value as PerCurrency<MinorUnits>;

/** The terms of a stored offer, in the console's shape. */
export function settingsOf(row: OfferRow): OfferSettings {
  const percent = row.reward.kind === 'percent' ? row.reward : null;
  return {
    code: row.code,
    channel: row.channel,
    names: row.names,
    notices: row.notices,
    type: row.type,
    maxReceived: row.maxReceived,
    bonusPercent: percent ? percent.percent : null,
    maxBonus: amounts(percent ? percent.max : { BAHT: 0, LAK: 0 }),
    bonusAmount: row.reward.kind === 'fixed' ? amounts(row.reward.amount) : null,
    depositRule: row.depositRule,
    minimumDeposit: amounts(row.minimumDeposit),
    depositWithinMinutes: row.depositWithinMinutes,
    turnoverMultiple: row.turnoverMultiple,
    contributions: row.contributions,
    withdrawCapMultiple: row.withdrawCapMultiple,
    floor: amounts(row.floor),
    percentFail: row.percentFail,
    grantDays: row.grantDays,
    banners: row.banners,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
    budget: row.budget === null ? null : amounts(row.budget),
    sort: row.sort,
  };
}

function columnsOf(settings: OfferSettings): Omit<NewOffer, 'id' | 'granted' | 'createdAt'> {
  return {
    code: settings.code,
    channel: settings.channel,
    names: settings.names,
    notices: settings.notices,
    type: settings.type,
    maxReceived: settings.maxReceived,
    reward:
      settings.bonusAmount !== null
        ? { kind: 'fixed', amount: settings.bonusAmount }
        : { kind: 'percent', percent: settings.bonusPercent!, max: settings.maxBonus },
    depositRule: settings.depositRule,
    minimumDeposit: settings.minimumDeposit,
    depositWithinMinutes: settings.depositWithinMinutes,
    turnoverMultiple: settings.turnoverMultiple,
    contributions: settings.contributions,
    withdrawCapMultiple: settings.withdrawCapMultiple,
    floor: settings.floor,
    percentFail: settings.percentFail,
    grantDays: settings.grantDays,
    banners: settings.banners,
    startsAt: settings.startsAt ? new Date(settings.startsAt) : null,
    endsAt: settings.endsAt ? new Date(settings.endsAt) : null,
    active: settings.active,
    budget: settings.budget,
    sort: settings.sort,
  };
}

const cleanTexts = (texts: LocalText, clean: (text: string) => string): LocalText => ({
  th: clean(texts.th),
  lo: clean(texts.lo),
  en: clean(texts.en),
});

/** The operator's text made safe before it is checked and kept: names plain, the rest clean HTML. */
type Banner = OfferSettings['banners'][number];
function sanitised<T extends { names?: LocalText; notices?: LocalText; banners?: readonly Banner[] }>(
  offer: T,
): T {
  return {
    ...offer,
    ...(offer.names ? { names: cleanTexts(offer.names, plainText) } : {}),
    ...(offer.notices ? { notices: cleanTexts(offer.notices, sanitizeHtml) } : {}),
    ...(offer.banners
      ? {
          banners: offer.banners.map((banner) => ({
            ...banner,
            html: cleanTexts(banner.html, sanitizeHtml),
          })),
        }
      : {}),
  };
}

/** Checked whole by the contract's schema: the first issue's code, as the HTTP layer answers one. */
function checked(offer: unknown): OfferSettings {
  const parsed = OfferSettings.safeParse(offer);
  if (parsed.success) return parsed.data;
  const code = parsed.error.issues.map((issue) => issue.message).find(isErrorCode);
  throw new AppError(code ?? 'INVALID_INPUT', 400);
}

const view = (row: OfferRow, counts: OfferCounts): ConsoleOffer => ({
  ...settingsOf(row),
  running: counts.running,
  claims: counts.claims,
  granted: amounts(row.granted),
  createdAt: row.createdAt.toISOString(),
});

/** Only the fields a change touched, before and after (the audit's detail). */
function difference(before: OfferSettings, after: OfferSettings) {
  const keys = (Object.keys(after) as (keyof OfferSettings)[]).filter(
    // NOTE: not JSON text: jsonb hands back an object's keys in an order of its own.
    (key) => !isDeepStrictEqual(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Bonus offers and promotion codes as staff list, create, change, pause and resume them (issue 28
 * section 1, decision 057). Each change is checked whole, written under the offer's row lock and
 * audited before → after in the same transaction. Running grants keep the terms they copied.
 */
export function createOfferDesk(grants: GrantsService) {
  const { records } = grants.offers;

  return {
    async list(): Promise<ConsoleOffer[]> {
      return (await records.all()).map((row) => view(row, row));
    },

    async create(input: OfferCreateRequest, audit: AuditIn): Promise<ConsoleOffer> {
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const code = String(input.code).toUpperCase();
      const settings = checked(
        sanitised({ ...OFFER_DEFAULTS, names: { th: code, lo: code, en: code }, ...given }),
      );
      return records.change(async (q, tx) => {
        const row = await q.insert(columnsOf(settings));
        if (!row) throw new AppError('OFFER_EXISTS', 409);
        await audit(tx, { before: null, after: settings });
        return view(row, { running: 0, claims: 0 });
      });
    },

    async update(code: string, changes: OfferUpdateRequest, audit: AuditIn): Promise<ConsoleOffer> {
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      return records.change(async (q, tx) => {
        const row = await q.lock(code);
        if (!row) throw new AppError('OFFER_NOT_FOUND', 404);
        const before = settingsOf(row);
        const after = checked({ ...before, ...sanitised(given), code: row.code });
        const changed = difference(before, after);
        const saved =
          Object.keys(changed.after).length === 0 ? row : await q.update(row.id, columnsOf(after));
        if (Object.keys(changed.after).length > 0) await audit(tx, changed);
        return view(saved, await q.counts(row.id));
      });
    },

    /**
     * Banner `index`'s image set to the address `store` answers; an index one past the last adds
     * a banner with empty texts. `store` runs under the offer's lock once the offer and the index
     * are known good, so a refused change stores nothing (decision 063).
     */
    async setBannerImage(
      code: string,
      index: number,
      store: () => Promise<string>,
      audit: AuditIn,
    ): Promise<ConsoleOffer> {
      return records.change(async (q, tx) => {
        const row = await q.lock(code);
        if (!row) throw new AppError('OFFER_NOT_FOUND', 404);
        const before = settingsOf(row);
        if (index > before.banners.length) throw new AppError('INVALID_INPUT', 400);
        const banners = [...before.banners];
        banners[index] = { html: banners[index]?.html ?? { th: '', lo: '', en: '' }, image: await store() };
        const after = checked({ ...before, banners });
        const changed = difference(before, after);
        if (Object.keys(changed.after).length === 0) return view(row, await q.counts(row.id));
        const saved = await q.update(row.id, columnsOf(after));
        await audit(tx, changed);
        return view(saved, await q.counts(row.id));
      });
    },
  };
}

export type OfferDesk = ReturnType<typeof createOfferDesk>;
