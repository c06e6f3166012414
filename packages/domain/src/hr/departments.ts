import type { ResourceDeclaration } from '../resource/declaration.ts';

/** A department (issue 20): employees belong to one; payroll expense is posted per region and department. */
export const departments = {
  name: 'departments',
  route: '/employees',
  singular: 'department',
  title: 'Departments',
  nameField: 'departmentName',
  defaultSort: { field: 'departmentName', order: 'asc' },
  fields: [{ name: 'departmentName', label: 'Department', kind: 'text', required: true, maxLength: 100, unique: true, searchable: true }],
} as const satisfies ResourceDeclaration;
