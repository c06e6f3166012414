import { hrArea } from '@erp/domain';
import * as hrTables from '../../db/schema/hr.ts';
import { genericResource, type ServerArea } from '../module.ts';

/** Employees (issue 9), the payees of salaries and custodians of assets; payroll comes here next. */
export const hrModule: ServerArea = {
  name: 'hr',
  declaration: hrArea,
  tables: hrTables,
  resources: hrArea.resources.map((declaration) => genericResource(declaration, hrTables)),
};
