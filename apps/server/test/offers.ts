import type { MinorUnits } from '@wallet/contract/money';
import type { NewOffer } from '../src/modules/promotions/engine/grants.service';

/**
 * A bonus offer for a test, every term explicit (100% of the deposit up to 500 baht, turnover 1x in
 * slots, floor 5 baht, the whole bonus back on cancel), so each test overrides only what it is about.
 */
export function testOffer(code: string, terms: Partial<NewOffer> = {}): NewOffer {
  return {
    code,
    channel: 'bonus',
    names: { th: code, lo: code, en: code },
    notices: { th: '', lo: '', en: '' },
    type: 'limit',
    maxReceived: 100,
    reward: { kind: 'percent', percent: 100, max: 50_000 as MinorUnits },
    depositRule: 'any',
    minimumDeposit: 1_000n,
    depositWithinMinutes: 60 * 24,
    turnoverMultiple: 1,
    contributions: [{ category: 'slot', percent: 100 }],
    withdrawCapMultiple: null,
    floor: 500n,
    percentFail: 100,
    grantDays: 7,
    banners: [],
    ...terms,
  };
}
