import { describe, expect, it } from 'vitest';
import { GameAccount, WalletFactor } from './wallet';

const game = (ftWalletSlot: number) => ({
  code: 'JOKER',
  name: 'Joker',
  logo: '/logo.png',
  background: '/bg.png',
  isActive: true,
  amount: 1_000,
  ftWalletSlot,
  web: null,
  android: null,
  ios: null,
  category: 'slot',
});

describe("a game's wallet factor", () => {
  it('answers members whatever positive factor the provider sends, while staff type only a bounded one', () => {
    // A provider factor staff may not type (five decimals, past 10,000) still serialises: one odd
    // game must not make every member's wallet answer fail.
    for (const factor of [0.33333, 0.00005, 20_000]) {
      expect(GameAccount.safeParse(game(factor)).success, String(factor)).toBe(true);
      expect(WalletFactor.safeParse(factor).success, String(factor)).toBe(false);
    }
    expect(GameAccount.safeParse(game(0)).success).toBe(false);
    expect(WalletFactor.safeParse(1.25).success).toBe(true);
  });
});
