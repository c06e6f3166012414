import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';

/** What the statement's sha256 is for, in one line (issue 27: "hash" said nothing to a partner). */
export const reproductionCodeHelp = 'The same figures always give this code: a copy showing another was changed.';

/** The label of a statement's hash: "Reproduction code", its meaning in a tooltip reachable by keyboard. */
export function ReproductionCodeLabel() {
  return (
    <span>
      Reproduction code{' '}
      <Tooltip title={reproductionCodeHelp}>
        <InfoCircleOutlined tabIndex={0} aria-label={reproductionCodeHelp} />
      </Tooltip>
    </span>
  );
}
