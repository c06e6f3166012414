import { employees } from '@erp/domain';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';

/** /employees: the generic resource screen of the HR module's people (payees of payments, custodians of assets). */
export function EmployeesScreen() {
  return <ResourceListScreen resource={employees} />;
}
