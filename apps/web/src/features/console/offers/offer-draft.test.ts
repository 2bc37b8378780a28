import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, previewOf, toMarketInput } from './offer-draft';

describe('the offer form', () => {
  it('turns what staff typed into the request: each currency to its minor units, empty to none, market time to UTC', () => {
    const draft = {
      ...draftOf(null),
      code: 'new50 ',
      bonusPercent: '50',
      maxBonus: { BAHT: '1,250.50', LAK: '750,000' },
      budget: { BAHT: '', LAK: '' },
      withdrawCapMultiple: '',
      startsAt: '2026-12-01T00:00',
      contributions: { slot: '100', sport: '', casino: '0', lotto: '25' },
    };
    const { body, errors } = bodyOf(draft);
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      code: 'NEW50',
      names: { th: 'NEW50', lo: 'NEW50', en: 'NEW50' },
      bonusPercent: 50,
      maxBonus: { BAHT: 125_050, LAK: 75_000_000 },
      bonusAmount: null,
      minimumDeposit: { BAHT: 10_000, LAK: 5_000_000 },
      budget: null,
      withdrawCapMultiple: null,
      startsAt: '2026-11-30T17:00:00.000Z',
      endsAt: null,
      contributions: [
        { category: 'slot', percent: 100 },
        { category: 'lotto', percent: 25 },
      ],
    });
    expect(toMarketInput('2026-11-30T17:00:00.000Z')).toBe('2026-12-01T00:00');
  });

  it('marks what is not a number and sends nothing', () => {
    const { body, errors } = bodyOf({
      ...draftOf(null),
      maxReceived: 'two',
      floor: { BAHT: '5', LAK: '5..0' },
    });
    expect(body).toBeNull();
    expect(errors).toEqual({ maxReceived: true, floor: true });
    expect(previewOf({ ...draftOf(null), maxReceived: 'two' }, 'th', 'BAHT')).toBeNull();
  });

  it('previews a fixed bonus in each language, in the currency asked', () => {
    const draft = {
      ...draftOf(null),
      code: 'FREE',
      rewardKind: 'fixed' as const,
      bonusAmount: { BAHT: '50', LAK: '30000' },
      names: { th: 'ฟรี', lo: 'ຟຣີ', en: 'Free' },
    };
    expect(previewOf(draft, 'lo', 'LAK')).toMatchObject({
      name: 'ຟຣີ',
      reward: { kind: 'fixed', amount: 3_000_000 },
    });
    expect(previewOf(draft, 'th', 'BAHT')).toMatchObject({ reward: { kind: 'fixed', amount: 5_000 } });
    expect(bodyOf(draft).body).toMatchObject({
      bonusPercent: null,
      bonusAmount: { BAHT: 5_000, LAK: 3_000_000 },
      maxBonus: { BAHT: 0, LAK: 0 },
    });
  });
});
