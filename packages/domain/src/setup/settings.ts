import { z } from 'zod';
import type { AreasFold, SettingsDefaultedOf, SettingsFieldsOf } from '../area/define-area.ts';
import { areas, areasFold } from '../areas.ts';

/*
 * The company settings (docs/decisions/setup.md, "Issue 28, section 3: each area declares its
 * settings"): every area's section (`settings` in its `<area>.area.ts`), composed in the areas'
 * order into the one row that /api/settings reads and saves. A setting is added in its area's
 * folder, never here. `index.ts` exports this file: `setup.area.ts` may not (areas.ts imports it).
 */

type Area = (typeof areas)[number];
type Fields = SettingsFieldsOf<Area>;
type Defaulted = SettingsDefaultedOf<Area>;
type WholeShape = { [K in keyof Fields]: K extends Defaulted ? z.ZodDefault<Fields[K]> : Fields[K] };
type UpdateShape = { [K in keyof Fields]: z.ZodOptional<Fields[K]> };

/**
 * The schemas of some areas' composed settings (`AreasFold['settings']`): the whole save (every
 * field but the undefaulted ones has its default) and the partial update. The server builds its
 * own from the areas it serves (a test's app with a fixture area has one more section).
 */
export function settingsSchemasOf(settings: AreasFold['settings']) {
  const { fields, defaults } = settings;
  return {
    whole: z.strictObject(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, key in defaults ? field.default(defaults[key] as never) : field]))),
    update: z.strictObject(fields).partial(),
  };
}

const composed = settingsSchemasOf(areasFold.settings);

/** The settings as the form saves them whole: every field but the company name has a default. */
export const companySettingsSchema = composed.whole as unknown as z.ZodObject<WholeShape, z.core.$strict>;

/** A save of stored settings (issue 17): the fields sent change, the others stay as they are (no defaults). */
export const companySettingsUpdateSchema = composed.update as unknown as z.ZodObject<UpdateShape, z.core.$strict>;

/** Each setting's default (the company name has none: it is empty until the first save). */
export const companySettingsDefaults = areasFold.settings.defaults as { readonly [K in Defaulted]: z.output<Fields[K]> };

export type CompanySettingsInput = z.input<typeof companySettingsSchema>;

export interface CompanySettings extends z.output<typeof companySettingsSchema> {
  /** URL of the rectangular logo, or null when none is set. */
  rectangleLogo: string | null;
  squareLogo: string | null;
}

/** What the unauthenticated login page may know. */
export interface PublicCompany {
  companyName: string | null;
  rectangleLogo: string | null;
}
