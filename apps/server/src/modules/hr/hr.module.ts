import { departments as departmentsDeclaration, hrArea } from '@erp/domain';
import * as hrTables from '../../db/schema/hr.ts';
import { genericResource } from '../module.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { employeeAdvanceBinding } from './employee-advances.binding.ts';
import { employeeBinding } from './employees.binding.ts';
import { registerHrRoutes } from './hr.routes.ts';
import { payAdjustmentBinding } from './pay-adjustments.binding.ts';
import { payInputBinding } from './pay-inputs.binding.ts';
import { payInputsImport } from './pay-inputs.import.ts';
import { salaryAssignmentBinding } from './salary-assignments.binding.ts';
import { salaryComponentBinding } from './salary-components.binding.ts';
import { taxTableBinding } from './tax-tables.binding.ts';

/**
 * Human resource (issues 9 and 20): employees (payees of salaries, custodians of assets),
 * departments and the pay structure the pay runs read; pay runs and slips next.
 */
export const hrModule: ServerArea = {
  name: 'hr',
  declaration: hrArea,
  tables: hrTables,
  resources: [
    employeeBinding,
    genericResource(departmentsDeclaration, hrTables),
    salaryComponentBinding,
    salaryAssignmentBinding,
    payAdjustmentBinding,
    employeeAdvanceBinding,
    payInputBinding,
    taxTableBinding,
  ],
  imports: [payInputsImport],
  routes: registerHrRoutes,
};
