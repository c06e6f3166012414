import { businessActivities, type FbrScenarioResult, type FbrSettings, fbrScenarioMessages, formatDateTime, taxSectors } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { fbrSettingsKeys, fetchScenarios, runAllScenarios, runScenario } from './fbr-settings-api.ts';
import { scenarioStatusWords } from './fbr-words.ts';

/** While any scenario runs the FBR worker records its answer in the background: the list is read again this often. */
const pollMs = 3000;

/** Why no scenario may run now, as the server would refuse it (409), before anyone presses Run. */
export function scenariosBlocked(settings: Pick<FbrSettings, 'environment' | 'sandboxTokenSet'>): string | undefined {
  if (settings.environment === 'production') return fbrScenarioMessages.production;
  if (!settings.sandboxTokenSet) return fbrScenarioMessages.token;
  return undefined;
}

const json = (title: string, value: unknown) => (
  <div style={{ flex: 1, minWidth: 240 }}>
    <Typography.Text strong>{title}</Typography.Text>
    <pre tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto', margin: 0, fontSize: 12 }}>
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  </div>
);

/**
 * Issue 30, section 7: the sandbox scenarios the company's business activity and sector require
 * before FBR issues a production token, each with its last run; run all (a job) or one.
 */
export function FbrScenariosCard({ settings }: { settings: FbrSettings }) {
  const narrow = useIsNarrow();
  const client = useQueryClient();
  // The latest attempt's refusal (production, no token, a run under way), until the next attempt.
  const [refusal, setRefusal] = useState<unknown>();
  const list = useQuery({
    queryKey: fbrSettingsKeys.scenarios,
    queryFn: fetchScenarios,
    refetchInterval: (query) => (query.state.data?.scenarios.some((scenario) => scenario.status === 'running') ? pollMs : false),
  });
  const reload = () => client.invalidateQueries({ queryKey: fbrSettingsKeys.scenarios });
  const runAll = useMutation({
    mutationFn: runAllScenarios,
    onMutate: () => setRefusal(undefined),
    onError: setRefusal,
    onSuccess: async ({ message }) => {
      notify.success(message);
      await reload();
    },
  });
  const runOne = useMutation({
    mutationFn: runScenario,
    onMutate: () => setRefusal(undefined),
    onError: setRefusal,
    onSuccess: async ({ message, scenario }) => {
      if (scenario.status === 'passed') notify.success(message);
      else notify.warning(message);
      await reload();
    },
  });
  const blocked = scenariosBlocked(settings);
  const scenarios = list.data?.scenarios ?? [];
  const busy = runAll.isPending || runOne.isPending || scenarios.some((scenario) => scenario.status === 'running');
  const passed = scenarios.filter((scenario) => scenario.status === 'passed').length;

  const columns: ColumnsType<FbrScenarioResult> = [
    { key: 'id', title: 'Scenario', dataIndex: 'scenarioId' },
    { key: 'description', title: 'Description', dataIndex: 'description', width: narrow ? 180 : undefined },
    {
      key: 'status',
      title: 'Last run',
      // Wrapped, not widened: FBR's reasons are sentences, and the table fits 768 px without scrolling.
      width: narrow ? 240 : 320,
      render: (_, row) => (
        <Flex vertical gap={2} align="start">
          <Tag color={scenarioStatusWords[row.status].colour}>{scenarioStatusWords[row.status].label}</Tag>
          {row.ranAt && <Typography.Text style={{ fontSize: 12 }}>{formatDateTime(row.ranAt)}</Typography.Text>}
          {row.error && <Typography.Text>{row.error}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'run',
      title: 'Run',
      render: (_, row) => (
        <Button size="small" disabled={blocked !== undefined || busy} loading={runOne.isPending && runOne.variables === row.scenarioId} aria-label={`Run ${row.scenarioId}`} onClick={() => runOne.mutate(row.scenarioId)}>
          Run
        </Button>
      ),
    },
  ];

  const activity = businessActivities.find((entry) => entry.value === list.data?.businessActivity)?.label;
  const sector = taxSectors.find((entry) => entry.value === list.data?.sector)?.label;
  return (
    <Card title="Sandbox scenarios">
      <Flex vertical gap={12}>
        <Typography.Text>FBR issues a production token once the company has posted one sandbox invoice for each scenario its business activity and sector require.</Typography.Text>
        {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
        {list.data && (
          <Descriptions size="small" column={narrow ? 1 : 3}>
            <Descriptions.Item label="Business activity">{activity ?? list.data.businessActivity}</Descriptions.Item>
            <Descriptions.Item label="Sector">{sector ?? list.data.sector}</Descriptions.Item>
            <Descriptions.Item label="Passed">{`${passed} of ${scenarios.length}`}</Descriptions.Item>
          </Descriptions>
        )}
        {blocked && <Alert type="info" showIcon title={blocked} />}
        {refusal !== undefined && <Alert type="error" showIcon title={errorMessage(refusal)} />}
        <Flex gap={8} wrap align="center">
          <Button type="primary" disabled={blocked !== undefined || busy} loading={runAll.isPending} onClick={() => runAll.mutate()}>
            Run all
          </Button>
          {scenarios.some((scenario) => scenario.status === 'running') && <Typography.Text>Running in FBR’s sandbox: the list updates by itself</Typography.Text>}
        </Flex>
        <Table<FbrScenarioResult>
          rowKey="scenarioId"
          size="small"
          loading={list.isLoading}
          dataSource={scenarios}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{
            rowExpandable: (row) => row.payload !== null || row.response !== null,
            // Zero wide, at least the row's width: the JSON's long lines would otherwise widen the table past a narrow screen.
            expandedRowRender: (row) => (
              <Flex gap={16} wrap style={{ width: 0, minWidth: '100%' }}>
                {json('Sent to FBR', row.payload)}
                {json('FBR’s answer', row.response)}
              </Flex>
            ),
          }}
          // The table's own placeholder colour is too faint for a sentence (axe: color-contrast).
          locale={{ emptyText: <Typography.Text>No scenario is required of this business activity and sector</Typography.Text> }}
        />
      </Flex>
    </Card>
  );
}
