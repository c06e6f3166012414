import { z } from 'zod';
import { defaultSearchLimit } from './search.ts';

// Apart from search.ts, which the palette imports: its chunk carries no zod.
export const searchQuerySchema = z.object({
  q: z.string({ error: 'Type something to search for' }).trim().min(1, { error: 'Type something to search for' }).max(100, { error: 'Search at most 100 characters' }),
  types: z
    .string()
    .regex(/^[a-z-]+(,[a-z-]+)*$/, { error: 'Types are resource names separated by commas' })
    .optional()
    .describe('Resource names to search, comma-separated (`invoices,customers`); default: every type the role may open'),
  limit: z.coerce.number({ error: 'Limit must be a whole number' }).int({ error: 'Limit must be a whole number' }).min(1, { error: 'Limit must be 1 to 20' }).max(20, { error: 'Limit must be 1 to 20' }).default(defaultSearchLimit).describe('Results per type'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

