import { departments, employees, payAdjustments, salaryComponents } from '@erp/domain';
import { Flex } from 'antd';
import { LinkButton } from '../../components/link-button.tsx';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { AdvancesTab } from './advances-tab.tsx';
import { DefaultComponentsButton } from './default-components-button.tsx';
import { PayInputsTab } from './pay-inputs-tab.tsx';
import { SalaryAssignmentsTab } from './salary-assignments-tab.tsx';
import { TaxTablesTab } from './tax-tables-tab.tsx';

/** The tabs of /employees, each in the address (`?tab=`), so a link or a reload opens it again. */
const tabs = [
  { key: 'employees', label: 'Employees', content: () => <ResourceListScreen resource={employees} /> },
  { key: 'departments', label: 'Departments', content: () => <ResourceListScreen resource={departments} /> },
  { key: 'components', label: 'Salary components', content: () => <ResourceListScreen resource={salaryComponents} headerExtra={<DefaultComponentsButton />} /> },
  { key: 'assignments', label: 'Salary assignments', content: () => <SalaryAssignmentsTab /> },
  { key: 'adjustments', label: 'Adjustments', content: () => <ResourceListScreen resource={payAdjustments} /> },
  { key: 'advances', label: 'Advances and loans', content: () => <AdvancesTab /> },
  { key: 'inputs', label: 'Monthly inputs', content: () => <PayInputsTab /> },
  { key: 'tax-tables', label: 'Tax tables', content: () => <TaxTablesTab /> },
] as const;

/**
 * /employees (issue 20, sections 1 and 2): the staff and their pay structure, a tab each; the
 * spec gives Human Resource two routes (/employees, /pay-slips), so the setup of pay lives here
 * (docs/decisions/hr.md). Every list is the generic resource screen of its declaration.
 */
export function EmployeesScreen() {
  const [params] = useQueryParams();
  const active = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  // Links that wrap on narrow screens rather than antd Tabs, whose overflow menu at 768 px
  // breaks the tablist's ARIA (axe: aria-required-children).
  return (
    <Flex vertical gap={16}>
      <nav aria-label="Human resource sections">
        <Flex wrap gap={4}>
          {tabs.map((tab) => (
            <LinkButton
              key={tab.key}
              to={tab.key === 'employees' ? '/employees' : `/employees?tab=${tab.key}`}
              type={tab.key === active.key ? 'primary' : 'text'}
              aria-current={tab.key === active.key ? 'page' : undefined}
            >
              {tab.label}
            </LinkButton>
          ))}
        </Flex>
      </nav>
      <div key={active.key}>{active.content()}</div>
    </Flex>
  );
}
