import { businessActivities, provinces, taxSectors } from '@erp/domain';
import { Input, InputNumber, Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/**
 * Sales' section of the settings (issue 29, section 1): the company's registrations as its tax
 * invoices print them, and the rates that are the company's; the provinces' tax on rental charges
 * (services), one rate per province, empty where none is charged. The server strips spaces and
 * dashes and checks the lengths; its refusals name these fields.
 */
export function SalesTaxSettings() {
  return (
    <SettingsSection title="Sales tax">
      <Form.Item label="NTN" name="ntn" style={settingWidth(160)} extra="7 digits">
        <Input maxLength={12} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="STRN" name="strn" style={settingWidth(200)} extra="13 digits; empty when not registered">
        <Input maxLength={20} inputMode="numeric" />
      </Form.Item>
      {/* A cleared choice is sent as null, so the province is cleared rather than left as it was. */}
      <Form.Item label="Province" name="province" style={settingWidth(200)} normalize={(value: string | undefined) => value ?? null}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={[...provinces]} placeholder="Not set" />
      </Form.Item>
      <Form.Item label="Business activity" name="businessActivity" style={settingWidth(180)}>
        <Select options={[...businessActivities]} />
      </Form.Item>
      <Form.Item label="Sector" name="sector" style={settingWidth(180)}>
        <Select options={[...taxSectors]} />
      </Form.Item>
      <Form.Item label="Further tax (%)" name="furtherTaxRate" style={settingWidth(140)} extra="On unregistered buyers">
        <InputNumber<string> stringMode precision={2} min="0" max="100" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Withholding share (%)" name="withholdingSharePercent" style={settingWidth(160)} extra="Of the sales tax, kept by withholding agents">
        <InputNumber<string> stringMode precision={2} min="0" max="100" style={{ width: '100%' }} />
      </Form.Item>
      {provinces.map((province) => (
        <Form.Item
          key={province.value}
          label={`Services tax, ${province.label} (%)`}
          name={['servicesTaxRates', province.value]}
          style={settingWidth(200)}
          extra={province.value === provinces[0].value ? 'On rental charges; empty: none' : undefined}
        >
          <InputNumber<string> stringMode precision={2} min="0" max="100" style={{ width: '100%' }} />
        </Form.Item>
      ))}
    </SettingsSection>
  );
}
