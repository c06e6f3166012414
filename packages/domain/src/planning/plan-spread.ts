/**
 * The plan form's tools as pure rules (issue 19, section 1): a yearly figure spread over the 12
 * months evenly or by a seasonal profile's weights, and last year's actual quantities grown by a
 * percentage. Quantities are whole numbers: what rounding leaves goes to the months with the
 * largest remainders (earliest first on a tie), so the months always add up to the yearly figure.
 */

/** `total` over the months in proportion to `weights` (12 whole numbers >= 0, not all 0), summing exactly to `total`. */
export function spreadByWeights(total: number, weights: readonly number[]): number[] {
  const whole = Math.max(0, Math.trunc(total));
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (sum <= 0) throw new Error('A profile needs at least one weight above 0');
  // Exact in integers: whole * weight fits 2^53 for any plan quantity and weight the declarations allow.
  const shares = weights.map((w, month) => ({ month, floor: Math.floor((whole * Math.max(0, w)) / sum), remainder: (whole * Math.max(0, w)) % sum }));
  let left = whole - shares.reduce((a, s) => a + s.floor, 0);
  const result = shares.map((s) => s.floor);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.month - b.month)) {
    if (left <= 0) break;
    result[share.month]! += 1;
    left -= 1;
  }
  return result;
}

/** `total` over 12 months evenly (the first months take what does not divide). */
export function spreadEvenly(total: number): number[] {
  return spreadByWeights(total, Array.from({ length: 12 }, () => 1));
}

/** Each month's quantity x (1 + growth %), rounded half up, never below 0. */
export function grownQuantities(months: readonly number[], growthPercent: number): number[] {
  return months.map((quantity) => Math.max(0, Math.round((quantity * (100 + growthPercent)) / 100)));
}
