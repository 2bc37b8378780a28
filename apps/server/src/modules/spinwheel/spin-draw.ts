import { randomInt } from 'node:crypto';

/**
 * The draw (docs/decisions/021-spin-wheel.md): one slice by weight, from the operating system's
 * cryptographic generator. `crypto.randomInt` is unbiased over its range (it rejects the values a
 * modulo would favour), so each slice wins with exactly weight / total.
 */
export function drawIndex(weights: readonly number[], random: (max: number) => number = randomInt): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!Number.isSafeInteger(total) || total <= 0 || weights.some((w) => !Number.isInteger(w) || w < 0))
    throw new Error(
      `spin: weights must be non-negative integers with a positive total, got ${weights.join(',')}`,
    );
  let ticket = random(total);
  for (const [index, weight] of weights.entries()) {
    if (ticket < weight) return index;
    ticket -= weight;
  }
  throw new Error('spin: a ticket beyond the total');
}

/** The published odds (one formula for members and the console's editor, in the contract). */
export { publishedOdds } from '@wallet/contract/http/console-offers';
