import type { FieldDeclaration, ResourceDeclaration } from '../resource/declaration.ts';

/** The month keys of a seasonal profile, January first (also its fields' names). */
export const profileMonths = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
export const monthLabels = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const weightFields: FieldDeclaration[] = profileMonths.map((month, index) => ({
  name: month,
  label: monthLabels[index]!,
  kind: 'integer',
  min: 0,
  max: 1_000_000,
  required: true,
  defaultValue: 1,
}));

/**
 * Seasonal profiles (issue 19, section 1): a name and 12 relative weights, one per month, that
 * spread a yearly figure over the months of a plan line. A generic resource: one whole-number
 * field per month (list, form, export and import as any resource), so the profile screen
 * needs no code of its own. At least one weight must be above 0 to spread by it (the form's tool says so).
 */
export const seasonalProfiles = {
  name: 'seasonal-profiles',
  route: '/planning/form',
  singular: 'seasonal profile',
  title: 'Seasonal profiles',
  nameField: 'profileName',
  defaultSort: { field: 'profileName', order: 'asc' },
  fields: [{ name: 'profileName', label: 'Profile', kind: 'text', required: true, maxLength: 80, unique: true, searchable: true }, ...weightFields],
} as const satisfies ResourceDeclaration;

export type SeasonalProfileRow = { id: number; profileName: string } & Record<(typeof profileMonths)[number], number>;

/** A profile's 12 weights, January first. */
export function profileWeights(profile: Readonly<Record<string, unknown>>): number[] {
  return profileMonths.map((month) => Number(profile[month] ?? 0));
}
