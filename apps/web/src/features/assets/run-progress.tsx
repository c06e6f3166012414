import type { DepreciationRunDetail } from '@erp/domain';
import { Progress, Typography } from 'antd';

/** Whole percent done, never 100 before the run is posted (its ledger rows come last). */
export function runPercent(run: Pick<DepreciationRunDetail, 'status' | 'processedAssets' | 'totalAssets'>): number {
  if (run.status === 'posted') return 100;
  if (run.totalAssets <= 0) return 0;
  return Math.min(99, Math.floor((run.processedAssets * 100) / run.totalAssets));
}

/** A run's progress bar: assets charged of the assets to charge, green once posted, red when it failed. */
export function RunProgress({ run }: { run: DepreciationRunDetail }) {
  const status = run.status === 'posted' ? 'success' : run.status === 'failed' ? 'exception' : run.status === 'running' ? 'active' : 'normal';
  const text = `${run.processedAssets} of ${run.totalAssets} assets`;
  return (
    <div>
      <Progress percent={runPercent(run)} status={status} aria-label="Depreciation run progress" aria-valuetext={`${runPercent(run)}%, ${text}`} />
      <Typography.Text type="secondary" role="status">
        {run.status === 'running' ? `Charging: ${text}` : text}
      </Typography.Text>
    </div>
  );
}
