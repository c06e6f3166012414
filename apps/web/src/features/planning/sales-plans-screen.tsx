import { salesPlanDocument, type SalesPlanDetail } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';

/** /planning/form (issue 19, section 1): the sales plans. */
export function SalesPlansScreen() {
  return (
    <DocumentListScreen<SalesPlanDetail>
      definition={salesPlanDocument}
      searchPlaceholder="Search number, region, customer or notes"
      columns={[
        { key: 'year', dataIndex: 'year', title: 'Year', sorter: true },
        { key: 'region', title: 'Region', render: (_: unknown, row) => (row.region as SalesPlanDetail['region'])?.regionName },
      ]}
      renderForm={() => null}
      renderView={() => null}
    />
  );
}
