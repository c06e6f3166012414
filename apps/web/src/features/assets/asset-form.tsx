import { type AssetDetail, assetDocument, depreciationMethods, type FieldDeclaration } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Radio, Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { ResourceFieldInput } from '../../components/resource/resource-field.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.tsx';
import { errorMessage } from '../../lib/http.ts';
import { assetBodyOf, assetFormProblems, assetFormValuesOf, type AssetFormValues } from './asset-checks.ts';
import { AssetSchedule } from './asset-schedule.tsx';
import { assetKeys, fetchCategoryDefaults } from './assets-api.ts';

const fieldOf = (name: string): FieldDeclaration => assetDocument.fields.find((f) => f.name === name)!;

// Short values take a narrow column; names and pickers the rest of the row.
const narrow = { flex: '0 1 200px' } as const;
const wide = { flex: '1 1 280px' } as const;

/** One declared field: its label, required mark and input, named as the API names it so refusals land on it. */
function DeclaredField({ name, style = wide, ...input }: { name: string; style?: React.CSSProperties } & Record<string, unknown>) {
  const field = fieldOf(name);
  return (
    <Form.Item name={name} label={field.label} required={field.required} style={style}>
      <ResourceFieldInput field={field} {...input} />
    </Form.Item>
  );
}

export interface AssetFormProps {
  asset?: AssetDetail;
  onDone: (openId?: number) => void;
}

/**
 * A new or draft asset: name, category (its useful life and method fill in), region, purchase
 * date, cost and salvage, the custodian (an employee or a user) and who was paid (a cash or
 * bank account, or a vendor owed). A saved draft is capitalised from here (Capitalise).
 */
export function AssetForm({ asset, onDone }: AssetFormProps) {
  const [form] = Form.useForm<AssetFormValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canWrite = user !== undefined && assetDocument.mayRun(user, 'edit');
  const canDelete = asset !== undefined && user !== undefined && assetDocument.mayRun(user, 'delete');
  const custodianKind = Form.useWatch('custodianKind', form);
  const paidBy = Form.useWatch('paidBy', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(asset ? assetFormValuesOf(asset) : { purchaseDate: todayWire(), salvageValue: '0', custodianKind: 'none', paidBy: 'account', notes: '' });
  }, [asset, form]);

  const showProblems = (problems: Record<string, string>) => void showFormProblems(form, problems);
  const draft = useDraftActions<AssetDetail>(assetDocument, {
    id: asset?.id,
    body: () => assetBodyOf(form.getFieldsValue(true) as AssetFormValues),
    check: () => assetFormProblems(form.getFieldsValue(true) as AssetFormValues),
    showProblems,
    onDone,
  });
  const { submit, formError } = draft;

  // The category's useful life and method are the asset's unless the user changes them.
  const categoryPicked = async (categoryId: unknown) => {
    if (typeof categoryId !== 'number') return;
    try {
      const defaults = await queryClient.fetchQuery({ queryKey: assetKeys.category(categoryId), queryFn: () => fetchCategoryDefaults(categoryId) });
      form.setFieldsValue({ usefulLifeMonths: defaults.usefulLifeMonths, depreciationMethod: defaults.depreciationMethod });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="asset-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <Flex gap={16} wrap>
          <DeclaredField name="assetName" />
          <DeclaredField name="assetCategoryId" onOptionPicked={(option?: { id: number }) => void categoryPicked(option?.id)} allowClear={false} />
          <DeclaredField name="regionId" allowClear={false} />
          <DeclaredField name="purchaseDate" style={narrow} allowClear={false} />
          <DeclaredField name="cost" style={narrow} min="0" />
          <DeclaredField name="salvageValue" style={narrow} min="0" />
          <DeclaredField name="usefulLifeMonths" style={narrow} />
          <Form.Item name="depreciationMethod" label={fieldOf('depreciationMethod').label} style={narrow}>
            <Select options={depreciationMethods.map((m) => ({ value: m.value, label: m.label }))} placeholder="From the category" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap align="end">
          <Form.Item name="custodianKind" label="Custodian" style={narrow}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'none', label: 'None' },
                { value: 'employee', label: 'Employee' },
                { value: 'user', label: 'User' },
              ]}
            />
          </Form.Item>
          {custodianKind === 'employee' && <DeclaredField name="custodianEmployeeId" />}
          {custodianKind === 'user' && (
            <Form.Item name="custodianUserId" label={fieldOf('custodianUserId').label} style={wide}>
              <OptionSelect resource="users" />
            </Form.Item>
          )}
        </Flex>
        <Flex gap={16} wrap align="end">
          <Form.Item name="paidBy" label="Paid by" required style={narrow}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'account', label: 'Cash or bank' },
                { value: 'vendor', label: 'Owed to a vendor' },
              ]}
            />
          </Form.Item>
          {paidBy === 'vendor' ? (
            <DeclaredField name="vendorId" />
          ) : (
            <Form.Item name="paymentAccountId" label={fieldOf('paymentAccountId').label} required style={wide}>
              <AccountSelect kinds={['cash', 'bank']} />
            </Form.Item>
          )}
        </Flex>
        <DeclaredField name="notes" />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {asset && <AssetSchedule assetId={asset.id} />}
      <DocumentFormFooter definition={assetDocument} document={asset} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
