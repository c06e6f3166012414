import type { FbrScenarioStatus, FbrSubmissionStatus } from '@erp/domain';

/** A submission's state as the screen names and colours it. */
export const statusWords: Record<FbrSubmissionStatus, { label: string; colour: string }> = {
  queued: { label: 'Queued', colour: 'blue' },
  sending: { label: 'Sending', colour: 'geekblue' },
  accepted: { label: 'Accepted', colour: 'green' },
  rejected: { label: 'Rejected', colour: 'red' },
  unknown: { label: 'Unknown: check IRIS', colour: 'gold' },
};

/** FBR's code and message, as a person reads them. */
export const errorWords = (errors: ReadonlyArray<{ itemSNo: string | null; errorCode: string; error: string }>) =>
  errors.map((e) => `${e.itemSNo ? `Line ${e.itemSNo}: ` : ''}${e.errorCode} ${e.error}`.trim()).join('; ');

/** A sandbox scenario's last run as the screen names and colours it. */
export const scenarioStatusWords: Record<FbrScenarioStatus, { label: string; colour: string }> = {
  notRun: { label: 'Not run', colour: 'default' },
  running: { label: 'Running', colour: 'blue' },
  passed: { label: 'Passed', colour: 'green' },
  failed: { label: 'Failed', colour: 'red' },
};
