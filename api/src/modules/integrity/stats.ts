/** Small numeric helpers of the detectors. */

export const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/** Rounded for evidence people read (three decimals). */
export const round3 = (x: number): number => Math.round(x * 1000) / 1000;

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
}

/** Population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

/** Coefficient of variation (standard deviation / mean); Infinity for a mean of 0. */
export function coefficientOfVariation(values: readonly number[]): number {
  const m = mean(values);
  return m === 0 ? Number.POSITIVE_INFINITY : standardDeviation(values) / m;
}

/** Every k-element combination of `items`, in order (k small: the copy index uses 2 or 3). */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) {
    return [[]];
  }
  const out: T[][] = [];
  for (let i = 0; i <= items.length - k; i++) {
    for (const rest of combinations(items.slice(i + 1), k - 1)) {
      out.push([items[i] as T, ...rest]);
    }
  }
  return out;
}

/**
 * P(X ≥ atLeast) for X the number of successes of independent trials with these chances (the
 * Poisson binomial, "generalised binomial"): exact, by building X's distribution trial by trial.
 */
export function atLeastChance(chances: readonly number[], atLeast: number): number {
  if (atLeast <= 0) {
    return 1;
  }
  let dist = [1];
  for (const p of chances) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k] = (next[k] ?? 0) + q * (1 - p);
      next[k + 1] = (next[k + 1] ?? 0) + q * p;
    });
    dist = next;
  }
  return dist.slice(atLeast).reduce((sum, q) => sum + q, 0);
}
