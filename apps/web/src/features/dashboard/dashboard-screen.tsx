import { ReloadOutlined } from '@ant-design/icons';
import { type DashboardBoardId, dashboardBoards } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Segmented, Skeleton } from 'antd';
import { DataAsOf } from '../../components/data-as-of.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { dashboardKeys, fetchBoard } from './dashboard-api.ts';
import { FigureCard } from './figure-card.tsx';
import './dashboard.css';

const boardOf = (value: string | null): DashboardBoardId => dashboardBoards.find((b) => b.id === value)?.id ?? 'sales';

/**
 * /dashboard (issue 18): one board of figures in one request, each figure a card opening the
 * list that adds up to it. Read fresh on every visit and refresh (no stale copy after a posting).
 */
export function DashboardScreen() {
  const [params, setParams] = useQueryParams();
  const board = boardOf(params.get('board'));
  const reading = useQuery({ queryKey: dashboardKeys.board(board), queryFn: () => fetchBoard(board), staleTime: 0 });
  const refresh = () => void reading.refetch();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>Dashboard</ScreenTitle>
        <Flex align="center" wrap gap={8}>
          <Segmented<DashboardBoardId> aria-label="Board" options={dashboardBoards.map((b) => ({ value: b.id, label: b.label }))} value={board} onChange={(next) => setParams({ board: next })} />
          <DataAsOf read={reading.data} at={reading.data?.asOf} />
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={reading.isFetching}>
            Refresh
          </Button>
        </Flex>
      </Flex>
      {reading.isError && <Alert type="error" showIcon title={errorMessage(reading.error)} />}
      {reading.isPending && <Skeleton active />}
      {reading.data && (
        <Row gutter={[16, 16]} role="list" aria-label={`${dashboardBoards.find((b) => b.id === board)!.label} figures`}>
          {reading.data.figures.map((figure) => (
            <Col key={figure.id} xs={24} sm={12} lg={8} xxl={6} role="listitem">
              <FigureCard figure={figure} onRetry={refresh} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
