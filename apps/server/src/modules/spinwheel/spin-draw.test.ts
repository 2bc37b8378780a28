import { describe, expect, it } from 'vitest';
import { DEMO_WHEEL } from './spinwheel-settings';
import { drawIndex, publishedOdds } from './spin-draw';

/**
 * The upper tail of the chi-square distribution (regularised upper incomplete gamma Q(k/2, x/2)),
 * by its series and continued fraction (Numerical Recipes 6.2): the p-value of a goodness-of-fit
 * statistic `x` with `k` degrees of freedom.
 */
function chiSquarePValue(x: number, k: number): number {
  const a = k / 2;
  const z = x / 2;
  const lnGammaA = lnGamma(a);
  if (z < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= z / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-z + a * Math.log(z) - lnGammaA);
  }
  let b = z + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-z + a * Math.log(z) - lnGammaA) * h;
}

/** ln Γ(x) for x a positive multiple of 1/2 (the degrees of freedom / 2): Γ(x + 1) = x Γ(x). */
function lnGamma(x: number): number {
  let value = Number.isInteger(x) ? 0 : Math.log(Math.sqrt(Math.PI));
  for (let at = Number.isInteger(x) ? 1 : 0.5; at < x; at += 1) value += Math.log(at);
  return value;
}

const chiSquare = (counts: number[], weights: number[]) => {
  const total = weights.reduce((a, b) => a + b, 0);
  const draws = counts.reduce((a, b) => a + b, 0);
  return counts.reduce((sum, observed, i) => {
    const expected = (draws * weights[i]!) / total;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
};

describe('the draw', () => {
  const weights = DEMO_WHEEL.slices.map((slice) => slice.weight);

  it('the p-value function matches known chi-square quantiles', () => {
    // 7 degrees of freedom: 24.322 is the 0.001 critical value, 14.067 the 0.05 one.
    expect(chiSquarePValue(24.322, 7)).toBeCloseTo(0.001, 4);
    expect(chiSquarePValue(14.067, 7)).toBeCloseTo(0.05, 3);
  });

  it('200,000 draws on the demo weights: a chi-square test does not reject the weights at 0.001', () => {
    const counts = weights.map(() => 0);
    for (let i = 0; i < 200_000; i++) counts[drawIndex(weights)]! += 1;
    const statistic = chiSquare(counts, weights);
    expect(chiSquarePValue(statistic, weights.length - 1)).toBeGreaterThan(0.001);
  });

  it('the same test rejects a draw that favours one slice by a single point', () => {
    // A generator off by 1 % on the first slice (a biased modulo would be of this size): rejected.
    const skewed = [weights[0]! + 1, ...weights.slice(1)];
    const counts = weights.map(() => 0);
    for (let i = 0; i < 200_000; i++) counts[drawIndex(skewed)]! += 1;
    const statistic = chiSquare(counts, [...weights]);
    expect(chiSquarePValue(statistic, weights.length - 1)).toBeLessThan(0.05);
  });

  it('maps tickets to slices by their weight, and never draws a slice of weight 0', () => {
    expect([0, 1, 2, 3, 4, 5].map((ticket) => drawIndex([2, 0, 3, 1], () => ticket))).toEqual([
      0, 0, 2, 2, 2, 3,
    ]);
    expect(() => drawIndex([0, 0])).toThrow();
    expect(() => drawIndex([1, -1, 2])).toThrow();
  });

  it('publishes each weight as a percentage of the total', () => {
    expect(publishedOdds(weights)).toEqual([20, 20, 25, 10, 10, 8, 5, 2]);
    expect(publishedOdds([1, 2])).toEqual([33.33, 66.67]);
  });
});
