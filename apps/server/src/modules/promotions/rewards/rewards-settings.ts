import { z } from 'zod';
import { INVITE_RULES, REFUND_PERIODS } from '@wallet/contract/http/rewards';
import { GAME_CATEGORIES } from '@wallet/contract/http/wallet';
import { ProgramTerms, type LocalText, type StoredBanner } from '../engine/grants.service';

/**
 * The operator's settings of the invite bonus and the loss refund (decision 020), kept in
 * `reward_programs` and checked by these schemas on every read: a row edited by hand into nonsense
 * switches its program off rather than paying by it. Amounts have a value per currency, in its
 * minor units; a member's are read in the member's currency (decision 067).
 */

const minor = z.number().int().min(0);
/** Per currency (decision 067): a member's claim, cap and minimum are in the member's currency. */
const perCurrency = z.object({ BAHT: minor, LAK: minor });

/** Minor units of a whole number of kip. */
const kip = (whole: number) => whole * 100;

export const InviteSettings = z.object({
  rule: z.enum(INVITE_RULES),
  /** Of each invitee deposit, or of each invitee's net loss of a day. */
  percent: z.number().min(0).max(100),
  /** The most commission a member earns from all invitees in a market day (0: no cap). */
  dailyCap: perCurrency,
  /** The least a claim takes (below it: INVITE_COLLECT, keep collecting). */
  minimumClaim: perCurrency,
  /** The loss rule's day closes at this hour, market time (0-23). */
  closeHour: z.number().int().min(0).max(23),
  /** The loss rule counts play on these games. */
  categories: z.array(z.enum(GAME_CATEGORIES)),
  ...ProgramTerms.shape,
});
export type InviteSettings = z.infer<typeof InviteSettings>;

export const RefundSettings = z.object({
  period: z.enum(REFUND_PERIODS),
  /** Periods close at this hour, market time (0-23); a week closes on Monday. */
  closeHour: z.number().int().min(0).max(23),
  percent: z.number().min(0).max(100),
  /** The most one period refunds (0: no cap). */
  cap: perCurrency,
  /** A refund must be above this (REFUND_MINIMUM). */
  minimum: perCurrency,
  categories: z.array(z.enum(GAME_CATEGORIES)).min(1),
  ...ProgramTerms.shape,
});
export type RefundSettings = z.infer<typeof RefundSettings>;

const banner = (image: string, th: string, lo: string, en: string): StoredBanner => ({
  image: `/media/banners/${image}.svg`,
  html: { th, lo, en },
});

const text = (th: string, lo: string, en: string): LocalText => ({ th, lo, en });

/**
 * The grant both programs start with: turnover 1x in slots (100%) and casino (50%), floor ฿5
 * (₭3,000), 7 days.
 */
const STARTING_GRANT = {
  turnoverMultiple: 1,
  contributions: [
    { category: 'slot' as const, percent: 100 },
    { category: 'casino' as const, percent: 50 },
  ],
  floor: { BAHT: 500, LAK: kip(3_000) },
  success: 100,
  fail: 100,
  grantDays: 7,
};

/** What a new site starts with (seeded once; the operator's later edits are kept). */
export const DEFAULT_PROGRAMS = {
  invite: {
    active: true,
    settings: {
      rule: 'deposit',
      percent: 5,
      // ฿1,000 and ₭600,000 a day; claims from ฿20 and ₭10,000 (1 baht is some 600 kip).
      dailyCap: { BAHT: 100_000, LAK: kip(600_000) },
      minimumClaim: { BAHT: 2_000, LAK: kip(10_000) },
      closeHour: 0,
      categories: ['slot', 'casino'],
      names: text('โบนัสชวนเพื่อน', 'ໂບນັດຊວນໝູ່', 'Invite bonus'),
      ...STARTING_GRANT,
    } satisfies InviteSettings,
    banners: [
      banner(
        'invite',
        '<p><strong>ชวนเพื่อน รับ 5%</strong> ของทุกยอดฝากของเพื่อน</p>',
        '<p><strong>ຊວນໝູ່ ຮັບ 5%</strong> ຂອງທຸກຍອດຝາກຂອງໝູ່</p>',
        '<p><strong>Invite friends, earn 5%</strong> of every deposit they make</p>',
      ),
    ],
  },
  refund: {
    active: true,
    settings: {
      period: 'day',
      closeHour: 0,
      percent: 5,
      // Up to ฿2,000 or ₭1,200,000 a period; above ฿1 or ₭1,000.
      cap: { BAHT: 200_000, LAK: kip(1_200_000) },
      minimum: { BAHT: 100, LAK: kip(1_000) },
      categories: ['slot', 'casino'],
      names: text('คืนยอดเสีย', 'ຄືນຍອດເສຍ', 'Loss refund'),
      ...STARTING_GRANT,
    } satisfies RefundSettings,
    banners: [
      banner(
        'refund',
        '<p><strong>คืนยอดเสีย 5%</strong> ทุกวัน สล็อตและคาสิโน</p>',
        '<p><strong>ຄືນຍອດເສຍ 5%</strong> ທຸກມື້ ສະລັອດ ແລະ ຄາສິໂນ</p>',
        '<p><strong>5% back on losses</strong> every day, slots and casino</p>',
      ),
    ],
  },
} as const;
