import { randomInt } from 'node:crypto';
import { SLOT_SYMBOLS, type SlotSymbol } from './sandbox-provider.art';

/**
 * The demo slot's maths: three independent reels with weighted symbols. Three of a kind pays
 * the table below, any two alike pay the bet back. That returns about 94% of the stakes and wins
 * (or pushes) about every other spin: enough to feel like a game, with money drifting slowly out.
 */

/** Stops of each symbol on a reel of 20. */
const WEIGHTS: Record<SlotSymbol, number> = { cherry: 6, lemon: 5, bell: 4, star: 3, seven: 1, diamond: 1 };
/** Bet multiples paid for three of a kind. */
export const THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  cherry: 5,
  lemon: 8,
  bell: 12,
  star: 20,
  seven: 50,
  diamond: 100,
};
export const PAIR_MULTIPLE = 1;

/** The bets the page offers, in minor units (1, 5, 10 and 50 baht). */
export const SLOT_BETS = [100, 500, 1000, 5000] as const;

const REEL: SlotSymbol[] = SLOT_SYMBOLS.flatMap((symbol) => Array<SlotSymbol>(WEIGHTS[symbol]).fill(symbol));

export type Reels = [SlotSymbol, SlotSymbol, SlotSymbol];

export function drawReels(): Reels {
  return [REEL[randomInt(REEL.length)]!, REEL[randomInt(REEL.length)]!, REEL[randomInt(REEL.length)]!];
}

/** What a spin pays back, in multiples of the bet. */
export function multipleOf([a, b, c]: Reels): number {
  if (a === b && b === c) return THREE_OF_A_KIND[a];
  return a === b || b === c || a === c ? PAIR_MULTIPLE : 0;
}
