import { payInputs as payInputsDeclaration } from '@erp/domain';
import { payInputs } from '../../db/schema/index.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { employeeRowScope } from './hr-row-scope.ts';

/** Pay inputs one by one (the grid writes many: pay-inputs.service.ts), kept to the caller's employees. */
export const payInputBinding: ResourceBinding = { declaration: payInputsDeclaration, table: payInputs, hooks: { rowScope: employeeRowScope(payInputs.employeeId) } };
