/** Spec section 4, picker rules, and section 5 on inventory options. */
export type PlanColour = 'green' | 'blue' | 'red';

export function defaultPlanYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return [year, year + 1];
}

/** Green if every listed year is planned, blue if some, red if none. */
export function planColour(plans: Readonly<Record<string, boolean>> | undefined, years: readonly number[]): PlanColour {
  const planned = years.filter((year) => plans?.[String(year)] === true).length;
  if (years.length > 0 && planned === years.length) return 'green';
  return planned > 0 ? 'blue' : 'red';
}

/** Unapproved items and purchase orders are shown but cannot be picked. */
export function isOptionDisabled(option: { isApproved?: boolean }): boolean {
  return option.isApproved === false;
}

/** Inventory with nothing left is not offered at all. */
export function isOptionHidden(option: { quantity?: number | string }): boolean {
  if (option.quantity === undefined) return false;
  return Number(option.quantity) <= 0;
}
