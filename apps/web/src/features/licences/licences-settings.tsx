import { Input, Switch } from 'antd';
import { DateInput } from '../../components/date-input.tsx';
import { Form } from '../../components/form.tsx';
import { SettingsSection, settingWidth } from '../../components/settings-section.tsx';

/**
 * The licences' section of the settings (issue 32, section 5): the company's DRAP establishment
 * licence, printed on invoices and delivery notes, and whether an invoice needs its customer's
 * licence on record to post. The screen's one form checks it with the domain's schema on save.
 */
export function LicencesSettings() {
  return (
    <SettingsSection title="DRAP licences">
      <Form.Item label="DRAP licence number" name="drapLicenceNumber" style={settingWidth(240)} extra="The company's establishment licence, printed on invoices and delivery notes">
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item label="DRAP licence expiry" name="drapLicenceExpiry" style={settingWidth(200)}>
        <DateInput />
      </Form.Item>
      <Form.Item
        label="Require customer licence"
        name="requireCustomerLicence"
        valuePropName="checked"
        extra="An invoice to a customer with no licence on record (other than a government buyer) is refused at posting"
      >
        <Switch />
      </Form.Item>
    </SettingsSection>
  );
}
