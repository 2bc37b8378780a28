import { z } from 'zod';
import { CURRENCIES } from '@wallet/contract/money';
import { ProgramTerms, type LocalText } from '../promotions/engine/grants.service';

/**
 * The operator's wheel (docs/decisions/021-spin-wheel.md): slices, prizes and coin rules, kept in
 * the spinwheel tables and checked by these schemas on every read, so a row edited by hand into
 * nonsense is never drawn or paid by. Amounts are minor units of the member's currency; coins are
 * whole coins.
 */

const minor = z.string().regex(/^\d{1,15}$/);
const perCurrency = z.partialRecord(z.enum(CURRENCIES), minor);

/**
 * What a slice pays. Cash and bonus prizes name an amount per currency: a member whose currency has
 * none never draws that slice.
 */
export const StoredPrize = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cash'), amounts: perCurrency }),
  z.object({ kind: z.literal('bonus'), amounts: perCurrency, terms: ProgramTerms }),
  z.object({ kind: z.literal('coin'), coins: z.number().int().positive().max(1_000) }),
  z.object({ kind: z.literal('none') }),
]);
export type StoredPrize = z.infer<typeof StoredPrize>;

/** How members earn coins; each earning is keyed by its source, so it is paid once. */
export const StoredCoinRules = z.object({
  /** `coins` for every whole `per` (minor units, per currency) of each credited deposit. */
  deposit: z.object({ per: perCurrency, coins: z.number().int().min(0).max(1_000) }),
  /** Coins given once per market day to a member who opens the wheel (0: off). */
  daily: z.number().int().min(0).max(100),
  /** Deposits credited before this instant earn nothing (the rule's start). */
  since: z.iso.datetime(),
});
export type StoredCoinRules = z.infer<typeof StoredCoinRules>;

export interface SliceSettings {
  code: string;
  labels: LocalText;
  bgColor: string;
  textColor: string;
  descriptions: LocalText;
  weight: number;
  prize: StoredPrize;
  stock: number | null;
  dailyBudget: Record<string, string> | null;
}

const text = (th: string, lo: string, en: string): LocalText => ({ th, lo, en });
/** Labels and descriptions may name the prize as `{amount}`: the member's amount, in their currency. */
const CASH_TEXT = text(
  '<p>เงินสด {amount} เข้ากระเป๋าทันทีเมื่อกดรับ</p>',
  '<p>ເງິນສົດ {amount} ເຂົ້າກະເປົາທັນທີເມື່ອກົດຮັບ</p>',
  '<p>{amount} cash to your wallet when you claim it</p>',
);
const baht = (major: number, kip: number) => ({ BAHT: String(major * 100), LAK: String(kip * 100) });

/** The grant a bonus prize makes: the turnover to play before it may be withdrawn. */
const PRIZE_GRANT: ProgramTerms = {
  names: text('โบนัสวงล้อ', 'ໂບນັດວົງລໍ້', 'Spin wheel bonus'),
  turnoverMultiple: 3,
  contributions: [
    { category: 'slot', percent: 100 },
    { category: 'casino', percent: 50 },
  ],
  floor: { BAHT: 500, LAK: 300_000 },
  success: 100,
  fail: 100,
  grantDays: 7,
};

const slice = (
  code: string,
  labels: LocalText,
  colors: [string, string],
  descriptions: LocalText,
  weight: number,
  prize: StoredPrize,
  limits: { stock?: number; dailyBudget?: Record<string, string> } = {},
): SliceSettings => ({
  code,
  labels,
  bgColor: colors[0],
  textColor: colors[1],
  descriptions,
  weight,
  prize,
  stock: limits.stock ?? null,
  dailyBudget: limits.dailyBudget ?? null,
});

/**
 * What a new site starts with (seeded once; the operator's later edits are kept): eight slices whose
 * weights add up to 100, so each weight is its published odds; a deposit of 1,000 baht earns two
 * coins.
 */
export const DEMO_WHEEL = {
  name: 'Lucky wheel',
  couponHours: 72,
  // One coin per ฿500 or per ₭300,000 (some 600 kip a baht): the same coin for the same money (decision 067).
  coinRules: { deposit: { per: baht(500, 300_000), coins: 1 }, daily: 1 },
  slices: [
    slice(
      'CASH20',
      text('เงินสด {amount}', 'ເງິນສົດ {amount}', 'Cash {amount}'),
      ['#f59e0b', '#1f2937'],
      CASH_TEXT,
      20,
      { kind: 'cash', amounts: baht(20, 5_000) },
    ),
    slice(
      'COIN1',
      text('+1 เหรียญ', '+1 ຫຼຽນ', '+1 coin'),
      ['#0ea5e9', '#ffffff'],
      text('<p>หมุนฟรีอีก 1 ครั้ง</p>', '<p>ໝູນຟຣີອີກ 1 ຄັ້ງ</p>', '<p>One more spin</p>'),
      20,
      { kind: 'coin', coins: 1 },
    ),
    slice(
      'NONE',
      text('ลองใหม่', 'ລອງໃໝ່', 'Try again'),
      ['#e5e7eb', '#1f2937'],
      text('<p>ครั้งนี้ยังไม่ได้รางวัล</p>', '<p>ຄັ້ງນີ້ຍັງບໍ່ໄດ້ລາງວັນ</p>', '<p>No prize this time</p>'),
      25,
      { kind: 'none' },
    ),
    slice(
      'CASH50',
      text('เงินสด {amount}', 'ເງິນສົດ {amount}', 'Cash {amount}'),
      ['#10b981', '#ffffff'],
      CASH_TEXT,
      10,
      { kind: 'cash', amounts: baht(50, 12_000) },
    ),
    slice(
      'BONUS100',
      text('โบนัส {amount}', 'ໂບນັດ {amount}', 'Bonus {amount}'),
      ['#8b5cf6', '#ffffff'],
      text(
        '<p>โบนัส {amount} ทำยอดเล่น 3 เท่าก่อนถอน</p>',
        '<p>ໂບນັດ {amount} ຫຼິ້ນໃຫ້ຄົບ 3 ເທົ່າກ່ອນຖອນ</p>',
        '<p>A {amount} bonus: play it through 3 times before you withdraw</p>',
      ),
      10,
      { kind: 'bonus', amounts: baht(100, 25_000), terms: PRIZE_GRANT },
    ),
    slice(
      'COIN3',
      text('+3 เหรียญ', '+3 ຫຼຽນ', '+3 coins'),
      ['#ec4899', '#ffffff'],
      text('<p>หมุนฟรีอีก 3 ครั้ง</p>', '<p>ໝູນຟຣີອີກ 3 ຄັ້ງ</p>', '<p>Three more spins</p>'),
      8,
      { kind: 'coin', coins: 3 },
    ),
    slice(
      'CASH200',
      text('เงินสด {amount}', 'ເງິນສົດ {amount}', 'Cash {amount}'),
      ['#ef4444', '#ffffff'],
      text(
        '<p>เงินสด {amount} วันละไม่เกิน 10 รางวัล</p>',
        '<p>ເງິນສົດ {amount} ມື້ລະບໍ່ເກີນ 10 ລາງວັນ</p>',
        '<p>{amount} cash, at most 10 prizes a day</p>',
      ),
      5,
      { kind: 'cash', amounts: baht(200, 50_000) },
      { dailyBudget: baht(2_000, 500_000) },
    ),
    slice(
      'CASH1000',
      text('แจ็คพอต {amount}', 'ແຈັກພັອດ {amount}', 'Jackpot {amount}'),
      ['#111827', '#fbbf24'],
      text(
        '<p>แจ็คพอตเงินสด {amount} มีจำนวนจำกัด</p>',
        '<p>ແຈັກພັອດເງິນສົດ {amount} ມີຈຳນວນຈຳກັດ</p>',
        '<p>A {amount} cash jackpot, while stock lasts</p>',
      ),
      2,
      { kind: 'cash', amounts: baht(1_000, 250_000) },
      { stock: 10 },
    ),
  ],
};
