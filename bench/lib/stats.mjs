/** Milliseconds rounded to 0.01 ms. */
const round = (value) => Math.round(value * 100) / 100;

/** p50, p90, p99, p99.9, mean and max of latencies in ms (nearest-rank); null when empty. */
export function percentiles(values) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (p) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    mean: round(sum / sorted.length),
    p50: round(at(50)),
    p90: round(at(90)),
    p99: round(at(99)),
    p99_9: round(at(99.9)),
    max: round(sorted[sorted.length - 1]),
  };
}
