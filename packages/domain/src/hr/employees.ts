import type { ResourceDeclaration } from '../resource/declaration.ts';

/**
 * An employee (issue 9): the HR module's people, here as payees of payments (salaries) and
 * custodians of assets. Each belongs to a region's staff, so a user limited to some regions
 * sees those regions' employees only (PRODUCT.md, principle 6).
 */
export const employees = {
  name: 'employees',
  route: '/employees',
  singular: 'employee',
  title: 'Employees',
  nameField: 'employeeName',
  optionSearch: ['employeeName'],
  defaultSort: { field: 'employeeName', order: 'asc' },
  rowPermission: { area: 'regions', field: 'regionId' },
  fields: [
    { name: 'employeeName', label: 'Employee', kind: 'text', required: true, maxLength: 120, searchable: true },
    { name: 'designation', label: 'Designation', kind: 'text', maxLength: 100, defaultValue: '', searchable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
    { name: 'phone', label: 'Phone', kind: 'phone', maxLength: 30, searchable: true },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 120, searchable: true, list: false },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;
