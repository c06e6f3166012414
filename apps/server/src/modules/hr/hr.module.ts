import { hrArea } from '@erp/domain';
import * as hrTables from '../../db/schema/hr.ts';
import { genericResource, type ServerArea } from '../module.ts';

/** Human resource (issues 9 and 20): employees, departments and the pay structure; pay runs and slips next. */
export const hrModule: ServerArea = {
  name: 'hr',
  declaration: hrArea,
  tables: hrTables,
  resources: hrArea.resources.map((declaration) => genericResource(declaration, hrTables)),
};
