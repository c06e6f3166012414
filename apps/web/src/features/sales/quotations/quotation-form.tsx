import { addDays, type GenericOption, quotationDocument, type QuotationDetail } from '@erp/domain';
import { Alert, Flex } from 'antd';
import { Form } from '../../../components/form.tsx';
import { useEffect, useState } from 'react';
import { DocumentHeaderFields } from '../../../components/document/document-header-fields.tsx';
import { showFormProblems } from '../../../components/document/form-problems.ts';
import { DocumentFormFooter } from '../../../components/document/document-form-footer.tsx';
import { useDraftActions } from '../../../components/document/use-draft-actions.ts';
import { requiredMark } from '../../../components/required-mark.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../../lib/dates.ts';
import { emptyQuotationLine, quotationBodyOf, quotationFormProblems, quotationFormValuesOf, type QuotationFormValues } from './quotation-checks.ts';
import { QuotationLinesEditor } from './quotation-lines.tsx';
import { useSalesSettings } from '../shared/sales-settings.ts';

/** A new quotation is valid for this many days unless the user says otherwise. */
const defaultValidityDays = 30;

export interface QuotationFormProps {
  /** A draft to edit; undefined for a new quotation. */
  quotation?: QuotationDetail;
  onDone: (openId?: number) => void;
}

/**
 * A draft quotation: customer, dates, terms, lines, the totals taxed per line.
 * Save keeps it a draft; a saved draft offers Send beside. The declaration's schema runs here
 * first; the server's per-field refusals (`lines.1.itemId`: not approved) land on the fields.
 */
export function QuotationForm({ quotation, onDone }: QuotationFormProps) {
  const [form] = Form.useForm<QuotationFormValues>();
  const { user } = useAuth();
  const settings = useSalesSettings();
  const [linesError, setLinesError] = useState<string>();
  const canWrite = user !== undefined && quotationDocument.mayRun(user, 'edit');
  const canDelete = quotation !== undefined && user !== undefined && quotationDocument.mayRun(user, 'delete');
  // Each line is taxed by its item's facts (the preview); until they load, the settings' rate, or a draft's own.
  const taxRate = settings.data?.taxRate ?? quotation?.taxRate ?? '0.00';

  useEffect(() => {
    form.resetFields();
    const today = todayWire();
    form.setFieldsValue(quotation ? quotationFormValuesOf(quotation) : { quotationDate: today, validUntil: addDays(today, defaultValidityDays), terms: '', lines: [emptyQuotationLine()] });
  }, [quotation, form]);

  const showProblems = (problems: Record<string, string>) => setLinesError(showFormProblems(form, problems));
  // The saved draft stays open: sending it is the next step.
  const draft = useDraftActions<QuotationDetail>(quotationDocument, {
    id: quotation?.id,
    body: () => quotationBodyOf(form.getFieldsValue(true) as QuotationFormValues),
    check: () => quotationFormProblems(form.getFieldsValue(true) as QuotationFormValues),
    showProblems,
    onDone,
  });
  const { submit, formError } = draft;

  // The customer's region is where its prices are asked.
  const customerPicked = (option: GenericOption | undefined) => form.setFieldValue('regionId', typeof option?.regionId === 'number' ? option.regionId : null);

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="quotation-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <DocumentHeaderFields
          fields={quotationDocument.fields}
          inputProps={{ customerId: { onOptionPicked: customerPicked, allowClear: false }, quotationDate: { allowClear: false }, validUntil: { allowClear: false } }}
        />
        <QuotationLinesEditor form={form} taxRate={taxRate} linesError={linesError} />
      </Form>
      <DocumentFormFooter definition={quotationDocument} document={quotation} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
