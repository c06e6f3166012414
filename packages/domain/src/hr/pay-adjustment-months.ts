/** Whether an adjustment applies in a month: one-off in its from month; recurring from it through its to month, or on and on. */
export function adjustmentAppliesIn(adjustment: { fromMonth: string; toMonth?: string | null; recurring: boolean }, month: string): boolean {
  if (month < adjustment.fromMonth) return false;
  if (!adjustment.recurring) return month === adjustment.fromMonth;
  return !adjustment.toMonth || month <= adjustment.toMonth;
}
