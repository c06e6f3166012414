import { z } from 'zod';

/**
 * The page of a month's report that holds up to 100,000 rows (the sales tax return, FBR's
 * reconciliation): the screen reads a page, the export has them all. Wider than a list's
 * (`listQuerySchema`: 200 at most) since a report's rows are small and read in bulk.
 */
export const reportPageQuery = {
  page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int({ error: 'Page must be a whole number from 1' }).min(1, { error: 'Page must be a whole number from 1' }).max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a whole number from 1 to 1000' })
    .int({ error: 'Page size must be a whole number from 1 to 1000' })
    .min(1, { error: 'Page size must be a whole number from 1 to 1000' })
    .max(1000, { error: 'Page size must be a whole number from 1 to 1000' })
    .default(100),
};
