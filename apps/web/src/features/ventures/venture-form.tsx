import { type JointVentureDetail, jointVentureDocument, lossRules, partnerTypes, ventureBases, ventureProblems } from '@erp/domain';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Radio, Select } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { TextArea } from '../../components/text-area.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';

interface VentureFormValues {
  ventureName: string;
  partnerType: 'vendor' | 'customer';
  partnerId?: number;
  customerIds: number[];
  itemIds: number[];
  categoryIds: number[];
  regionIds: number[];
  startDate: string;
  endDate?: string | null;
  basis: string;
  feePercent: string;
  lossRule: string;
  notes: string;
  shares: { effectiveFrom: string; partnerPercent: string }[];
}

const label = (name: string) => jointVentureDocument.fields.find((f) => f.name === name)!.label;
const narrow = { flex: '0 1 200px' } as const;
const wide = { flex: '1 1 280px' } as const;

function valuesOf(venture?: JointVentureDetail): VentureFormValues {
  if (!venture) {
    const today = todayWire();
    return { ventureName: '', partnerType: 'vendor', customerIds: [], itemIds: [], categoryIds: [], regionIds: [], startDate: today, endDate: null, basis: 'netProfit', feePercent: '0', lossRule: 'share', notes: '', shares: [{ effectiveFrom: today, partnerPercent: '' }] };
  }
  return {
    ventureName: venture.ventureName,
    partnerType: venture.partnerType,
    partnerId: venture.partnerId,
    customerIds: venture.customerIds,
    itemIds: venture.itemIds,
    categoryIds: venture.categoryIds,
    regionIds: venture.regionIds,
    startDate: venture.startDate,
    endDate: venture.endDate ?? null,
    basis: venture.basis,
    feePercent: venture.feePercent,
    lossRule: venture.lossRule,
    notes: venture.notes,
    shares: venture.shares.map((s) => ({ effectiveFrom: s.effectiveFrom, partnerPercent: s.partnerPercent })),
  };
}

/** The body the API takes: lists as they are, the rental agreements kept. */
function bodyOf(values: VentureFormValues, venture?: JointVentureDetail) {
  return { ...values, endDate: values.endDate || null, rentalAgreementIds: venture?.rentalAgreementIds ?? [], shares: values.shares ?? [] };
}

/**
 * A new or draft joint venture: the partner (a vendor or a customer), the scope (every kind of
 * rule listed must match a line: customers, items or categories, regions), dates, the share
 * versions, basis, management fee and loss rule. A saved draft is activated from here.
 */
export function VentureForm({ venture, onDone }: { venture?: JointVentureDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<VentureFormValues>();
  const { user } = useAuth();
  const canWrite = user !== undefined && jointVentureDocument.mayRun(user, 'edit');
  const canDelete = venture !== undefined && user !== undefined && jointVentureDocument.mayRun(user, 'delete');
  const partnerType = Form.useWatch('partnerType', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(venture));
  }, [venture, form]);

  const values = () => form.getFieldsValue(true) as VentureFormValues;
  const draft = useDraftActions<JointVentureDetail>(jointVentureDocument, {
    id: venture?.id,
    body: () => bodyOf(values(), venture),
    check: () => {
      const v = values();
      const problems: Record<string, string> = { ...ventureProblems({ ...v, rentalAgreementIds: venture?.rentalAgreementIds ?? [], shares: v.shares ?? [] }) };
      if (!v.ventureName?.trim()) problems.ventureName = 'Venture is required';
      if (!v.partnerId) problems.partnerId = 'Partner is required';
      return problems;
    },
    showProblems: (problems) => void showFormProblems(form, problems),
    onDone,
  });
  const { submit, formError } = draft;

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="venture-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <Flex gap={16} wrap>
          <Form.Item name="ventureName" label={label('ventureName')} required style={wide}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="partnerType" label={label('partnerType')} required style={narrow}>
            <Radio.Group optionType="button" options={partnerTypes.map((p) => ({ value: p.value, label: p.label }))} onChange={() => form.setFieldValue('partnerId', undefined)} />
          </Form.Item>
          <Form.Item name="partnerId" label={label('partnerId')} required style={wide}>
            <OptionSelect resource={partnerType === 'customer' ? 'customers' : 'vendors'} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="customerIds" label={label('customerIds')} style={wide}>
            <OptionSelect resource="customers" mode="multiple" placeholder="Any customer" />
          </Form.Item>
          <Form.Item name="regionIds" label={label('regionIds')} style={wide}>
            <OptionSelect resource="regions" mode="multiple" placeholder="Any region" />
          </Form.Item>
          <Form.Item name="itemIds" label={label('itemIds')} style={wide}>
            <OptionSelect resource="items" mode="multiple" placeholder="Any item" />
          </Form.Item>
          <Form.Item name="categoryIds" label={label('categoryIds')} style={wide}>
            <OptionSelect resource="categories" mode="multiple" placeholder="Any category" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="startDate" label={label('startDate')} required style={narrow}>
            <DateInput allowClear={false} />
          </Form.Item>
          <Form.Item name="endDate" label={label('endDate')} style={narrow}>
            <DateInput placeholder="Open-ended" />
          </Form.Item>
          <Form.Item name="basis" label={label('basis')} required style={narrow}>
            <Select options={ventureBases.map((b) => ({ value: b.value, label: b.label }))} />
          </Form.Item>
          <Form.Item name="feePercent" label={label('feePercent')} style={narrow}>
            <Input inputMode="decimal" suffix="%" />
          </Form.Item>
          <Form.Item name="lossRule" label={label('lossRule')} required style={narrow}>
            <Select options={lossRules.map((r) => ({ value: r.value, label: r.label }))} />
          </Form.Item>
        </Flex>
        <Form.Item label="Partner's share by effective date" required>
          <Form.List name="shares">
            {(rows, { add, remove: removeRow }) => (
              <Flex vertical gap={8}>
                {rows.map((row, index) => (
                  <Flex key={row.key} gap={8} wrap align="start">
                    <Form.Item name={[row.name, 'effectiveFrom']} style={{ marginBottom: 0 }}>
                      <DateInput aria-label={`Share ${index + 1} effective from`} style={{ width: 180 }} allowClear={false} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'partnerPercent']} style={{ marginBottom: 0 }}>
                      <Input aria-label={`Share ${index + 1} partner %`} inputMode="decimal" suffix="%" style={{ width: 140 }} />
                    </Form.Item>
                    {rows.length > 1 && <Button aria-label={`Remove share ${index + 1}`} icon={<DeleteOutlined />} onClick={() => removeRow(row.name)} />}
                  </Flex>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ effectiveFrom: todayWire(), partnerPercent: '' })} style={{ alignSelf: 'flex-start' }}>
                  Add share version
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="notes" label={label('notes')}>
          <TextArea maxLength={1000} showCounter autoSize={{ minRows: 2 }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      <DocumentFormFooter definition={jointVentureDocument} document={venture} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
