import { type WithholdingCertificateRow } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { DateInput } from '../../../components/date-input.tsx';
import { showFormProblems } from '../../../components/document/form-problems.ts';
import { Form } from '../../../components/form.tsx';
import { todayWire } from '../../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.tsx';
import { recordWithholdingCertificate } from './withholding-api.ts';

interface CertificateValues {
  certificateNumber: string;
  certificateDate: string | null;
}

/**
 * Records the customer's withholding certificate on a receipt (PUT
 * /api/receipts/:id/withholding-certificate; again replaces it): its number and date, the
 * server's refusals on their fields. The list and the receipts are read again after.
 */
export function RecordCertificateModal({ row, onClose }: { row: WithholdingCertificateRow; onClose: () => void }) {
  const [form] = Form.useForm<CertificateValues>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const record = useMutation({
    mutationFn: (values: CertificateValues) => recordWithholdingCertificate(row.receiptId, { certificateNumber: values.certificateNumber ?? '', certificateDate: values.certificateDate ?? '' }),
    onSuccess: async () => {
      notify.success(`Certificate recorded on ${row.documentNumber}`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['statements', 'withholding-certificates'] }), queryClient.invalidateQueries({ queryKey: ['receipts'] })]);
      onClose();
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      const errors = fieldErrorsOf(failure);
      if (errors) showFormProblems(form, errors);
    },
  });
  return (
    <Modal
      title={`Withholding certificate of ${row.documentNumber}`}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Record"
      confirmLoading={record.isPending}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <Form<CertificateValues>
        form={form}
        layout="vertical"
        name="withholding-certificate"
        initialValues={{ certificateNumber: row.certificateNumber ?? '', certificateDate: row.certificateDate ?? todayWire() }}
        onFinish={(values) => {
          setError(undefined);
          record.mutate(values);
        }}
      >
        <Form.Item name="certificateNumber" label="Certificate number" rules={[{ required: true, whitespace: true, message: 'Certificate number is required' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="certificateDate" label="Certificate date" rules={[{ required: true, message: 'Certificate date is required' }]}>
          <DateInput allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
