import { Input } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/**
 * GS1's section of the settings: the characters a keyboard-wedge scanner is set to send for GS
 * (FNC1) where it cannot send GS itself; the screen's one form checks them with the domain's
 * schema (at most 4, no digit, letter or parenthesis) on save.
 */
export function Gs1Settings() {
  return (
    <SettingsSection title="Barcode scanning">
      <Form.Item label="GS1 separators" name="gs1Separators" style={settingWidth(240)} extra="Characters your scanners send for GS (FNC1); empty: none">
        <Input maxLength={4} allowClear />
      </Form.Item>
    </SettingsSection>
  );
}
