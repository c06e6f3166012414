import { customers, listedFields } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { resourceColumns } from './resource-columns.tsx';

describe('a resource list\'s columns', () => {
  it('shows a field listed as wide only from 1600 px, and still exports it', () => {
    const columns = resourceColumns(customers, {});
    const byKey = (key: string) => columns.find((column) => column.key === key);
    // The customers' fourteen columns did not fit 1280 px (issue 27, section 6).
    expect(byKey('phone')?.responsive).toEqual(['xxl']);
    expect(byKey('customerName')?.responsive).toBeUndefined();
    expect(listedFields(customers).map((field) => field.name)).toContain('phone');
  });
});
