import { formatStamp } from '../../lib/dates.ts';
import { LineChartOutlined } from '@ant-design/icons';
import { storageUnits } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { resourceKeys, type ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { coldChainKeys, formatTemperature, type UnitSummary } from './cold-chain-api.ts';
import { ExcursionDrawer } from './excursion-drawer.tsx';
import { ReadingsDrawer } from './readings-drawer.tsx';

interface LastReading {
  readAt: string;
  temperatureC: string;
}

const lastReadingOf = (row: ResourceRow): LastReading | null => {
  const value = row.lastReading as LastReading | null | undefined;
  return value && typeof value.readAt === 'string' ? value : null;
};

/** The unit as the drawers need it. */
const unitOf = (row: ResourceRow): UnitSummary => ({ id: row.id, unitName: String(row.unitName ?? ''), minC: String(row.minC ?? ''), maxC: String(row.maxC ?? '') });

/**
 * The storage units: the generic resource list and form (`storage-units`), with the state the
 * server adds to each row (the last reading; in an excursion, opening it), and each unit's
 * readings in a drawer (where readings are added and logger files imported).
 */
export function StorageUnitsPanel() {
  const queryClient = useQueryClient();
  const [readingsOf, setReadingsOf] = useState<UnitSummary>();
  const [excursionId, setExcursionId] = useState<number>();
  // Readings move a unit's last reading and may start or end an excursion.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(storageUnits.name) });
    void queryClient.invalidateQueries({ queryKey: coldChainKeys.all });
  };

  const stateColumns: ColumnsType<ResourceRow> = [
    {
      key: 'inExcursion',
      title: 'Excursion',
      render: (_: unknown, row: ResourceRow) =>
        row.inExcursion === true && typeof row.openExcursionId === 'number' ? (
          <Button size="small" danger onClick={() => setExcursionId(row.openExcursionId as number)} aria-label={`In excursion: open the excursion of ${String(row.unitName ?? '')}`}>
            In excursion
          </Button>
        ) : (
          <Tag color="green">In range</Tag>
        ),
    },
    {
      key: 'lastReading',
      title: 'Last reading',
      render: (_: unknown, row: ResourceRow) => {
        const last = lastReadingOf(row);
        if (!last) return <Typography.Text type="secondary">None yet</Typography.Text>;
        return (
          <span>
            <strong className="nowrap-cell">{formatTemperature(last.temperatureC)}</strong>
            <br />
            <Typography.Text type="secondary">{formatStamp(last.readAt)}</Typography.Text>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <ResourceListScreen
        resource={storageUnits}
        extraColumns={stateColumns}
        rowActions={(row) => (
          <Button size="small" icon={<LineChartOutlined />} aria-label={`Readings of ${String(row.unitName ?? '')}`} title="Readings" onClick={() => setReadingsOf(unitOf(row))} />
        )}
      />
      {readingsOf && <ReadingsDrawer unit={readingsOf} onClose={() => setReadingsOf(undefined)} onChanged={refresh} />}
      {excursionId !== undefined && <ExcursionDrawer id={excursionId} onClose={() => setExcursionId(undefined)} />}
    </>
  );
}
