import type { AssetDetail, DepreciationRunDetail } from '@erp/domain';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { saveDocument } from '../../lib/document/document-service.ts';
import { runTransition } from '../../lib/document/run-transition.ts';
import { latestJobOf } from '../../lib/jobs/job-queue.ts';
import { runJobInline } from '../../lib/jobs/job-runner.ts';
import { assetBinding } from './assets.binding.ts';
import type { AssetInput, DisposeAssetInput } from './assets.handlers.ts';
import { depreciationJob } from './depreciation-job.ts';
import { depreciationJobKind } from './depreciation-runs.handlers.ts';
import { depreciationRunBinding } from './depreciation-runs.binding.ts';
import { readDepreciationRun } from './depreciation-runs.queries.ts';

/** What other modules and the demo call: the same services as the routes, in the caller's transaction. */

export async function createCapitalisedAsset(tx: Tx, actor: Actor, input: AssetInput): Promise<AssetDetail> {
  const { document } = await saveDocument<AssetInput, AssetDetail>(tx, actor, assetBinding, input);
  return (await runTransition<AssetDetail>(tx, actor, assetBinding, document.id, 'capitalise')).document;
}

export async function disposeAsset(tx: Tx, actor: Actor, id: number, input: DisposeAssetInput): Promise<AssetDetail> {
  return (await runTransition<AssetDetail>(tx, actor, assetBinding, id, 'dispose', { input })).document;
}

/**
 * A depreciation run for `month` started and done to its end inside the caller's transaction
 * (demo data, scripts): the same job as the worker's, run inline (lib/jobs runJobInline).
 */
export async function runDepreciationNow(tx: Tx, actor: Actor, month: string): Promise<DepreciationRunDetail> {
  const { document } = await saveDocument<{ month: string }, DepreciationRunDetail>(tx, actor, depreciationRunBinding, { month }, { post: true });
  const job = await latestJobOf(tx, depreciationJobKind, document.id);
  await runJobInline(tx, depreciationJob, job!.id);
  return (await readDepreciationRun(tx, document.id))!;
}

// Rentals (issue 21): a placement makes its analyser's fixed asset, a return retires it.
export { cancelPlacedAsset, createPlacedAsset, lockPlacedAsset, type PlacedAssetInput, retirePlacedAsset } from './placed-assets.ts';
