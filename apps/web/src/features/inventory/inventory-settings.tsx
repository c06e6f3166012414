import { InputNumber } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/** Inventory's section of the settings: when a lot is flagged as near expiry. */
export function InventorySettings() {
  return (
    <SettingsSection title="Inventory">
      <Form.Item label="Near-expiry window (days)" name="nearExpiryDays" style={settingWidth(180)}>
        <InputNumber precision={0} min={0} max={3650} style={{ width: '100%' }} />
      </Form.Item>
    </SettingsSection>
  );
}
