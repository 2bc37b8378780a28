import { describe, expect, it } from 'vitest';
import { bonusTexts } from './bonus-texts';
import { rewardsTexts } from './rewards-texts';
import { resources } from '../test/locales';

/**
 * Money messages say what the rule does (issue 31 item 14), checked against the rules in the
 * server: grant-rules.ts (forfeitOnCancel, capExcess), grant-claims.ts (the floor a claim must stay
 * under), loss-refund.ts (a refund must be above the minimum) and otp.service.ts (a request that
 * is no longer there or valid).
 */
const LANGS = ['th', 'lo', 'en'] as const;
type Lang = (typeof LANGS)[number];

const texts = (lang: Lang) => ({
  capTaken: bonusTexts[lang].bonus.last.capTaken,
  percentFail: bonusTexts[lang].bonus.cancel.percentFail,
  minimumText: rewardsTexts[lang].refund.terms.minimumText,
  belowMinimum: rewardsTexts[lang].refund.last.state.below_minimum,
  refundMinimum: resources[lang].errors.REFUND_MINIMUM,
  balanceNotEmpty: resources[lang].errors.BONUS_BALANCE_NOT_EMPTY,
  otpTokenInvalid: resources[lang].errors.OTP_TOKEN_INVALID,
});

/** What each message must say, and what it must not, in each language. */
const RULES: Record<Lang, Record<keyof ReturnType<typeof texts>, { says: RegExp; not?: RegExp }>> = {
  th: {
    // The amount is what was taken back, not the withdrawal limit.
    capTaken: { says: /^หักคืน \{\{amount\}\}/ },
    // The unplayed part is compared with the percent of the bonus.
    percentFail: { says: /\{\{percent\}\}% ของโบนัส.*มากกว่านั้น/ },
    // It is the refund that must be more than the amount.
    minimumText: { says: /^ยอดคืนมากกว่า \{\{amount\}\}/ },
    belowMinimum: { says: /ไม่เกิน/, not: /ไม่ถึง/ },
    refundMinimum: { says: /มากกว่าขั้นต่ำ/, not: /ไม่ถึง/ },
    balanceNotEmpty: { says: /ยอดเงินรวม.*ไม่นับยอดฝากใหม่.*ต่ำกว่า/, not: /ไม่มียอดเงินอื่น/ },
    otpTokenInvalid: { says: /หมดอายุ/, not: /ตัวตนไม่ถูกต้อง/ },
  },
  lo: {
    capTaken: { says: /^ຫັກຄືນ \{\{amount\}\}/ },
    percentFail: { says: /\{\{percent\}\}% ຂອງໂບນັດ.*ຫຼາຍກວ່ານັ້ນ/ },
    minimumText: { says: /^ຍອດຄືນຫຼາຍກວ່າ \{\{amount\}\}/ },
    belowMinimum: { says: /ບໍ່ເກີນ/, not: /ບໍ່ຮອດ/ },
    refundMinimum: { says: /ຫຼາຍກວ່າຂັ້ນຕ່ຳ/, not: /ບໍ່ເຖິງ/ },
    balanceNotEmpty: { says: /ຍອດເງິນລວມ.*ບໍ່ນັບຍອດຝາກໃໝ່.*ຕ່ຳກວ່າ/, not: /ບໍ່ມີຍອດເງິນອື່ນ/ },
    otpTokenInvalid: { says: /ໝົດອາຍຸ/, not: /ຕົວຕົນບໍ່ຖືກຕ້ອງ/ },
  },
  en: {
    capTaken: { says: /^\{\{amount\}\} was taken back/ },
    percentFail: { says: /\{\{percent\}\}% of the bonus.*more than that/ },
    minimumText: { says: /^Refund above \{\{amount\}\}/ },
    belowMinimum: { says: /Not above/ },
    refundMinimum: { says: /more than the minimum/ },
    balanceNotEmpty: { says: /total balance.*not counting a new deposit.*below/, not: /nothing else/ },
    otpTokenInvalid: { says: /expired/ },
  },
};

describe('money messages', () => {
  it.each(LANGS)('%s says what the rule does', (lang) => {
    const wrong = Object.entries(texts(lang)).filter(([name, text]) => {
      const rule = RULES[lang][name as keyof typeof RULES.th];
      return !rule.says.test(text) || (rule.not?.test(text) ?? false);
    });
    expect(wrong).toEqual([]);
  });
});
