import { Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

// The zones this browser knows (IANA names); the setting's own value is offered even if it is not one of them.
const knownZones: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Karachi', 'UTC'];

function zoneOptions(current: unknown): { value: string; label: string }[] {
  const zones = typeof current === 'string' && current !== '' && !knownZones.includes(current) ? [current, ...knownZones] : knownZones;
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/**
 * The cold chain's section of the settings: the company's time zone, in which a logger's times
 * without an offset are read and an excursion's days are counted. The screen's one form checks
 * it with the domain's schema (a time zone name) on save.
 */
export function ColdChainSettings() {
  const form = Form.useFormInstance();
  const current: unknown = Form.useWatch('timeZone', form);
  return (
    <SettingsSection title="Cold chain">
      <Form.Item label="Time zone" name="timeZone" style={settingWidth(240)} extra="Logger times without an offset are read in it">
        <Select showSearch={{ optionFilterProp: 'label' }} options={zoneOptions(current)} />
      </Form.Item>
    </SettingsSection>
  );
}
