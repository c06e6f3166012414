import { nationalIdRules } from '@erp/domain';
import { Input, InputNumber, Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';
import { TextArea } from '../../components/text-area.tsx';

/** The countries whose national ids the app knows how to check (others: through the API, by their code). */
const countries = nationalIdRules.map((rule) => ({ value: rule.country, label: `${rule.countryName} (${rule.documentName})` }));

/** Setup's section of the settings: the company's details, shown on the login page and printed documents. */
export function CompanySettings() {
  return (
    <SettingsSection>
      <Form.Item label="Company name" name="companyName" required style={{ width: '100%' }}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item label="Address" name="address" style={{ width: '100%' }}>
        <TextArea maxLength={500} />
      </Form.Item>
      <Form.Item label="Phone" name="phone" style={settingWidth(200)}>
        <Input type="tel" maxLength={30} />
      </Form.Item>
      <Form.Item label="Tax number" name="taxNumber" style={settingWidth(200)}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="Currency" name="currency" style={settingWidth(140)} normalize={(v: string) => v?.toUpperCase()}>
        <Input maxLength={3} />
      </Form.Item>
      <Form.Item label="Tax rate (%)" name="taxRate" style={settingWidth(140)}>
        <InputNumber<string> stringMode precision={2} min="0" max="100" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Country" name="country" style={settingWidth(180)} extra="Employees' national ids are checked by its rule">
        <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
      </Form.Item>
      <Form.Item label="Invoice footer" name="invoiceFooter" style={{ width: '100%' }}>
        <TextArea maxLength={500} />
      </Form.Item>
    </SettingsSection>
  );
}
