import { InputNumber } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/**
 * The currencies' section of the settings (issue 33, section 1): how many days old a rate may be
 * and still be a date's rate; the screen's one form checks it with the domain's schema on save.
 */
export function CurrenciesSettings() {
  return (
    <SettingsSection title="Exchange rates">
      <Form.Item
        label="Exchange rate age (days)"
        name="exchangeRateMaxAgeDays"
        style={settingWidth(200)}
        extra="A date takes the latest rate on or before it, at most this many days older (0 to 31); the State Bank publishes on working days only"
      >
        <InputNumber min={0} max={31} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </SettingsSection>
  );
}
