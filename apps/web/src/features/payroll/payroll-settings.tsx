import { netRoundingModes, netRoundingSteps } from '@erp/domain';
import { Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/** Payroll's section of the settings (issue 20): the net of every slip generated from now on; posted slips keep theirs. */
export function PayrollSettings() {
  return (
    <SettingsSection title="Payroll">
      <Form.Item label="Round pay slip net to" name="netRoundingStep" style={settingWidth(180)}>
        <Select options={[...netRoundingSteps]} />
      </Form.Item>
      <Form.Item label="Net rounding" name="netRoundingMode" style={settingWidth(180)} extra="The difference goes to the payroll rounding account">
        <Select options={[...netRoundingModes]} />
      </Form.Item>
    </SettingsSection>
  );
}
