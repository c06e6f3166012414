import { Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map(
  (label, index) => ({ value: index + 1, label }),
);

/** Accounting's section of the settings: the month the fiscal year starts. */
export function AccountingSettings() {
  return (
    <SettingsSection title="Accounting">
      <Form.Item label="Fiscal year starts in" name="fiscalYearStartMonth" style={settingWidth(180)}>
        <Select options={months} />
      </Form.Item>
    </SettingsSection>
  );
}
