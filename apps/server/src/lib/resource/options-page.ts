import type { OptionsQuery } from '@erp/domain';

/**
 * One page of picker options (one more read tells whether there are more), plus the ones
 * `ids` names that the page lacks, so a picker can label its current value.
 */
export async function optionsPage<Option extends { id: number }>(
  query: OptionsQuery,
  read: { page: (limit: number) => Promise<Option[]>; byIds: (ids: number[]) => Promise<Option[]> },
): Promise<{ options: Option[]; hasMore: boolean }> {
  const page = query.limit === 0 ? [] : await read.page(query.limit + 1);
  const hasMore = page.length > query.limit;
  const options = page.slice(0, query.limit);
  const missing = (query.ids ?? []).filter((id) => !options.some((o) => o.id === id));
  if (missing.length > 0) options.push(...(await read.byIds(missing)));
  return { options, hasMore };
}
