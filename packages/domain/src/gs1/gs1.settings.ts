import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';

/**
 * The characters a keyboard-wedge scanner is set to send for GS (FNC1), which some cannot type
 * (issue 32, section 1): each read as GS; empty, none. Never a digit, a letter or a parenthesis,
 * which are the elements' own characters.
 */
export const gs1SeparatorsSchema = z
  .string({ error: 'GS1 separators must be text' })
  .max(4, { error: 'GS1 separators must be at most 4 characters' })
  .refine((value) => !/[0-9A-Za-z()]/.test(value), { error: 'GS1 separators may not be digits, letters or parentheses' })
  .refine((value) => !value.includes('\u0000'), { error: 'GS1 separators may not hold U+0000' });

/** The GS1 area's section of the company settings. */
export const gs1Settings = defineSettings(z.strictObject({ gs1Separators: gs1SeparatorsSchema }), { gs1Separators: '' });
