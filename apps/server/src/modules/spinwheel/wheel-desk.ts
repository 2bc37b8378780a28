import { isDeepStrictEqual } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { isErrorCode } from '@wallet/contract/errors';
import { publishedOdds, WheelSettings, type WheelSliceInput } from '@wallet/contract/http/console-offers';
import type { MinorUnits } from '@wallet/contract/money';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { sanitizeHtml, plainText } from '../../platform/sanitize-html';
import type { Executor, SliceRow, WheelRow } from './spinwheel.repository';
import { StoredCoinRules, StoredPrize } from './spinwheel-settings';
import { spinSlices, spinWheels } from './spinwheel.tables';

/** Writes the change's audit row in its transaction. */
export type WheelAuditIn = (tx: Executor, detail: { before: unknown; after: unknown }) => Promise<void>;

type PerCurrency = { BAHT?: MinorUnits; LAK?: MinorUnits };
const toNumbers = (values: Record<string, string>): PerCurrency =>
  Object.fromEntries(Object.entries(values).map(([unit, value]) => [unit, Number(value)]));
const toStrings = (values: PerCurrency): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([unit, value]) => [unit, String(value)]),
  );

function prizeOf(stored: StoredPrize): WheelSliceInput['prize'] {
  switch (stored.kind) {
    case 'cash':
      return { kind: 'cash', amounts: toNumbers(stored.amounts) };
    case 'bonus':
      return {
        kind: 'bonus',
        amounts: toNumbers(stored.amounts),
        terms: { ...stored.terms, floor: stored.terms.floor as Record<'BAHT' | 'LAK', MinorUnits> },
      };
    default:
      return stored;
  }
}

function storedPrize(prize: WheelSliceInput['prize']): StoredPrize {
  switch (prize.kind) {
    case 'cash':
      return { kind: 'cash', amounts: toStrings(prize.amounts) };
    case 'bonus':
      return { kind: 'bonus', amounts: toStrings(prize.amounts), terms: prize.terms };
    default:
      return prize;
  }
}

/** The stored wheel in the console's shape; a slice or rule edited into nonsense by hand is refused to show. */
function settingsOf(wheel: WheelRow, slices: SliceRow[]): WheelSettings {
  const rules = StoredCoinRules.parse(wheel.coinRules);
  return {
    name: wheel.name,
    active: wheel.active,
    couponHours: wheel.couponHours,
    coinRules: {
      deposit: { per: toNumbers(rules.deposit.per), coins: rules.deposit.coins },
      daily: rules.daily,
    },
    slices: slices.map((slice) => ({
      code: slice.code,
      labels: slice.labels,
      descriptions: slice.descriptions,
      bgColor: slice.bgColor,
      textColor: slice.textColor,
      weight: slice.weight,
      stock: slice.stock,
      dailyBudget: slice.dailyBudget === null ? null : toNumbers(slice.dailyBudget),
      withdrawn: slice.withdrawn,
      prize: prizeOf(StoredPrize.parse(slice.prize)),
    })),
  };
}

const oddsOf = (settings: WheelSettings) =>
  publishedOdds(settings.slices.map((slice) => (slice.withdrawn ? 0 : slice.weight)));

/** The operator's text made safe: labels plain (they are drawn on a canvas), descriptions clean HTML. */
function sanitised(settings: WheelSettings): WheelSettings {
  const each = (texts: { th: string; lo: string; en: string }, clean: (text: string) => string) => ({
    th: clean(texts.th),
    lo: clean(texts.lo),
    en: clean(texts.en),
  });
  return {
    ...settings,
    slices: settings.slices.map((slice) => ({
      ...slice,
      labels: each(slice.labels, plainText),
      descriptions: each(slice.descriptions, sanitizeHtml),
    })),
  };
}

function checked(value: unknown): WheelSettings {
  const parsed = WheelSettings.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError(
    parsed.error.issues.map((issue) => issue.message).find(isErrorCode) ?? 'INVALID_INPUT',
    400,
  );
}

/**
 * The wheel as staff edit it (issue 28 section 1, decision 057): slices (labels, colours, prize,
 * weight, stock, daily budget, withdrawn), coin rules and coupon hours, checked whole, written under
 * the wheel's row lock and audited before -> after in the same transaction. Coupons already drawn
 * keep the prize they copied (decision 021). NOTE: the wheel's tables are this module's own.
 */
export function createWheelDesk(db: Database) {
  async function load(tx: Executor, lock: boolean) {
    const query = tx
      .select()
      .from(spinWheels)
      .orderBy(sql`${spinWheels.active} desc`, sql`${spinWheels.id} desc`)
      .limit(1);
    const [wheel] = lock ? await query.for('update') : await query;
    if (!wheel) throw new AppError('SPIN_INACTIVE', 409);
    const slices = await tx
      .select()
      .from(spinSlices)
      .where(eq(spinSlices.wheelId, wheel.id))
      .orderBy(asc(spinSlices.position));
    return { wheel, slices };
  }

  return {
    async read() {
      const { wheel, slices } = await load(db, false);
      const settings = settingsOf(wheel, slices);
      return { wheel: settings, odds: oddsOf(settings) };
    },

    async save(input: WheelSettings, audit: WheelAuditIn) {
      const after = sanitised(checked(input));
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Executor;
        const { wheel, slices } = await load(tx, true);
        const before = settingsOf(wheel, slices);
        const kept = new Set(after.slices.map((slice) => slice.code));
        if (slices.some((slice) => !kept.has(slice.code))) throw new AppError('WHEEL_SLICE_MISSING', 400);
        const rules = StoredCoinRules.parse(wheel.coinRules);
        await tx
          .update(spinWheels)
          .set({
            name: after.name,
            active: after.active,
            couponHours: after.couponHours,
            // The rule's start stays: deposits before it never earn, whatever else changes.
            coinRules: {
              deposit: { per: toStrings(after.coinRules.deposit.per), coins: after.coinRules.deposit.coins },
              daily: after.coinRules.daily,
              since: rules.since,
            },
          })
          .where(eq(spinWheels.id, wheel.id));
        for (const [position, slice] of after.slices.entries()) {
          const values = {
            position,
            labels: slice.labels,
            descriptions: slice.descriptions,
            bgColor: slice.bgColor,
            textColor: slice.textColor,
            weight: slice.weight,
            stock: slice.stock,
            dailyBudget: slice.dailyBudget === null ? null : toStrings(slice.dailyBudget),
            withdrawn: slice.withdrawn,
            prize: storedPrize(slice.prize),
          };
          await tx
            .insert(spinSlices)
            .values({ wheelId: wheel.id, code: slice.code, ...values })
            .onConflictDoUpdate({ target: [spinSlices.wheelId, spinSlices.code], set: values });
        }
        // Only what changed goes to the audit: the fields, and of the slices those that differ.
        const changed = (Object.keys(after) as (keyof WheelSettings)[]).filter(
          (key) => !isDeepStrictEqual(before[key], after[key]),
        );
        const sliceChanged = new Set(
          after.slices
            .filter(
              (slice) =>
                !isDeepStrictEqual(
                  slice,
                  before.slices.find((one) => one.code === slice.code),
                ),
            )
            .map((slice) => slice.code),
        );
        const pick = (settings: WheelSettings) =>
          Object.fromEntries(
            changed.map((key) => [
              key,
              key === 'slices'
                ? settings.slices.filter((slice) => sliceChanged.has(slice.code))
                : settings[key],
            ]),
          );
        if (changed.length > 0) await audit(tx, { before: pick(before), after: pick(after) });
        return { wheel: after, odds: oddsOf(after) };
      });
    },
  };
}
