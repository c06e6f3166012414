import { InputNumber } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/** The whole-number settings of Generate Order, with their bounds (the domain's ordering section checks the same). */
const fields = [
  { name: 'defaultLeadTimeDays', label: 'Default lead time (days)', min: 0, max: 730 },
  { name: 'reviewDays', label: 'Review period (days)', min: 0, max: 365 },
  { name: 'historyMonths', label: 'Sales history (months)', min: 1, max: 24 },
  { name: 'safetyStockDays', label: 'Safety stock (days)', min: 0, max: 365 },
] as const;

/** Ordering's section of the settings (issue 19): what items and vendors without their own figures use. */
export function OrderingSettings() {
  return (
    <SettingsSection title="Generate Order">
      {fields.map((field) => (
        <Form.Item key={field.name} label={field.label} name={field.name} style={settingWidth(180)}>
          <InputNumber precision={0} min={field.min} max={field.max} style={{ width: '100%' }} />
        </Form.Item>
      ))}
    </SettingsSection>
  );
}
