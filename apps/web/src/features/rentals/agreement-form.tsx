import { type FieldDeclaration, type RentalAgreementDetail, rentalAgreementDocument } from '@erp/domain';
import { Alert, Button, Flex, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect } from 'react';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { ResourceFieldInput } from '../../components/resource/resource-field.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';

const fieldOf = (name: string): FieldDeclaration => rentalAgreementDocument.fields.find((f) => f.name === name)!;
const narrow = { flex: '0 1 180px' } as const;
const wide = { flex: '1 1 260px' } as const;

function DeclaredField({ name, style = wide, ...input }: { name: string; style?: React.CSSProperties } & Record<string, unknown>) {
  const field = fieldOf(name);
  return (
    <Form.Item name={name} label={field.label} required={field.required} style={style}>
      <ResourceFieldInput field={field} {...input} />
    </Form.Item>
  );
}

type Values = Record<string, unknown>;

const blank: Values = {
  startDate: todayWire(),
  termMonths: 60,
  billingModel: 'minimumPurchase',
  shortfallMode: 'gap',
  settlementPeriod: 'month',
  uptimePercent: '95',
  downtimeWaiver: true,
  autoRenew: false,
  eligibleItemIds: [],
  eligibleCategoryIds: [],
  accessoryInventoryIds: [],
  notes: '',
};

/** The body of a save: the form's values, empty optional numbers as null. */
function bodyOf(values: Values): object {
  const body: Values = {};
  for (const field of rentalAgreementDocument.fields) {
    const value = values[field.name];
    const empty = value === '' || value === undefined || value === null;
    body[field.name] = !empty ? value : Array.isArray(blank[field.name]) ? [] : field.kind === 'textarea' || field.kind === 'text' ? '' : field.required ? value : null;
  }
  return body;
}

/**
 * A new or draft agreement (issue 21, section 2): customer, region, the rental asset, term,
 * billing model and commitment, what counts towards it, shortfall and settlement, uptime and
 * waiver, maintenance, deposit, early exit, renewal. Saved as a draft; approved from here.
 */
export function AgreementForm({ agreement, onDone }: { agreement?: RentalAgreementDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<Values>();
  const { user } = useAuth();
  const canWrite = user !== undefined && rentalAgreementDocument.mayRun(user, 'edit');
  const canDelete = agreement !== undefined && user !== undefined && rentalAgreementDocument.mayRun(user, 'delete');
  const billing = Form.useWatch('billingModel', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(agreement ? { ...blank, ...agreement } : blank);
  }, [agreement, form]);

  const { save, remove, submit, formError, setFormError } = useDraftActions<RentalAgreementDetail>(rentalAgreementDocument, {
    id: agreement?.id,
    body: () => bodyOf(form.getFieldsValue(true) as Values),
    check: () => ({}),
    showProblems: (problems) => void showFormProblems(form, problems),
    onDone,
  });

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="rental-agreement-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <Flex gap={16} wrap>
          <DeclaredField name="customerId" allowClear={false} />
          <DeclaredField name="regionId" allowClear={false} />
          <Form.Item name="rentalAssetId" label={fieldOf('rentalAssetId').label} required style={wide}>
            <OptionSelect
              resource="rental-assets"
              // A placed unit too: the agreement then takes it by a relocation from the customer it stands at.
              where={(o) => o.status !== 'retired' || o.id === agreement?.rentalAssetId}
              optionText={(o) => {
                const at = (o.customer as { customerName?: string } | null | undefined)?.customerName;
                return `${String((o.inventory as { item?: { itemName?: string } } | undefined)?.item?.itemName ?? '')} ${String(o.name)}${o.status === 'placed' && at ? ` (at ${at})` : ''}`;
              }}
            />
          </Form.Item>
          <DeclaredField name="startDate" style={narrow} allowClear={false} />
          <DeclaredField name="termMonths" style={narrow} />
        </Flex>
        <Flex gap={16} wrap>
          <DeclaredField name="billingModel" style={narrow} />
          <DeclaredField name="monthlyCommitment" style={narrow} min="0" />
          {billing === 'perTest' && <DeclaredField name="pricePerTest" style={narrow} min="0" />}
          <DeclaredField name="shortfallMode" style={narrow} />
          <DeclaredField name="settlementPeriod" style={narrow} />
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="eligibleItemIds" label="Eligible items (none: every item)" style={wide}>
            <OptionSelect resource="items" mode="multiple" />
          </Form.Item>
          <Form.Item name="eligibleCategoryIds" label="Eligible categories" style={wide}>
            <OptionSelect resource="categories" mode="multiple" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <DeclaredField name="uptimePercent" style={narrow} />
          <DeclaredField name="downtimeWaiver" style={narrow} />
          <DeclaredField name="maintenanceMonths" style={narrow} />
          <DeclaredField name="deposit" style={narrow} min="0" />
          <DeclaredField name="earlyExitPercent" style={narrow} />
          <DeclaredField name="autoRenew" style={narrow} />
          <DeclaredField name="noticeDays" style={narrow} />
          <DeclaredField name="salespersonId" />
        </Flex>
        <DeclaredField name="notes" />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8}>
          <Space wrap>
            {canDelete && <DeleteButton singular={rentalAgreementDocument.singular} label="Delete draft" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
            {agreement && <TransitionButtons definition={rentalAgreementDocument} document={agreement as never} exclude={['end']} onError={setFormError} />}
            <Button onClick={() => onDone()}>Close</Button>
            <Button type="primary" loading={save.isPending} onClick={() => submit(false)}>
              Save draft
            </Button>
          </Space>
        </Flex>
      )}
    </Flex>
  );
}
