import { describe, expect, it } from 'vitest';
import { gameAccount, walletResponse } from '../../test/wallet-data';
import { gameSideMinor, groupGames, inGamesMinor, totalMinor } from './game-amounts';

describe('game amounts', () => {
  it('multiplies by the wallet factor as the decimal it is written as, rounding half up', () => {
    expect(gameSideMinor(12_345, 1)).toBe(12_345);
    expect(gameSideMinor(12_345, 10)).toBe(123_450);
    // 12345 x 0.1 is 1234.5 exactly (a float says 1234.5000000000002): half up to 1235.
    expect(gameSideMinor(12_345, 0.1)).toBe(1_235);
    expect(gameSideMinor(100, 0.333)).toBe(33);
    expect(gameSideMinor(3, 1.5)).toBe(5);
    expect(gameSideMinor(9_007_199_254_740, 1000)).toBe(9_007_199_254_740_000);
    expect(gameSideMinor(50_000_000, 1e-7)).toBe(5);
    expect(gameSideMinor(0, 2.5)).toBe(0);
  });

  it('totals the wallet and every game account', () => {
    const wallet = walletResponse(10_050, [
      gameAccount('JOKER', { isActive: true, amount: 20_000 }),
      gameAccount('PG', { isActive: true, amount: 1 }),
      gameAccount('UFABET'),
    ]);
    expect(totalMinor(wallet)).toBe(30_051);
    expect(inGamesMinor(wallet)).toBe(20_001);
  });

  it('groups the carousels: slot; sport and casino together; lotto; leaving out empty ones', () => {
    const games = [
      gameAccount('UFABET', { category: 'sport' }),
      gameAccount('JOKER', { category: 'slot' }),
      gameAccount('SEXYGAME', { category: 'casino' }),
      gameAccount('HUAYHD', { category: 'lotto' }),
      gameAccount('PG', { category: 'slot' }),
    ];
    expect(groupGames(games).map((group) => [group.key, group.games.map((game) => game.code)])).toEqual([
      ['slot', ['JOKER', 'PG']],
      ['sportCasino', ['UFABET', 'SEXYGAME']],
      ['lotto', ['HUAYHD']],
    ]);
    expect(groupGames(games.slice(0, 2)).map((group) => group.key)).toEqual(['slot', 'sportCasino']);
  });
});
