import { formatDecimal, rentalDepositDocument } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import type { DocumentRecord } from '../../components/document/document-api.ts';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

type Deposit = DocumentRecord & { depositDate: string; amount: string };

/**
 * The agreement's deposit as received (issue 28, section 2): its number, date and amount, and its
 * Cancel (asked first; the accountant's by default), after which the agreement takes it again.
 */
export function ReceivedDeposit({ agreementId, onDone }: { agreementId: number; onDone: () => void }) {
  const deposit = useQuery({
    queryKey: [rentalDepositDocument.name, 'of', agreementId],
    queryFn: async () => (await http.get<{ data: Deposit[] }>(`/api/rental-deposits?rentalAgreementId=${agreementId}&status=posted`)).data.data[0] ?? null,
  });
  if (!deposit.data) return null;
  const { documentNumber, depositDate, amount } = deposit.data;
  return (
    <Card size="small" title="Deposit received" style={{ flex: '1 1 260px' }}>
      <Typography.Paragraph>
        {documentNumber} on {formatDate(depositDate)}: {formatDecimal(amount)}
      </Typography.Paragraph>
      <TransitionButtons definition={rentalDepositDocument} document={deposit.data} onDone={onDone} onError={(message) => notify.error(message)} />
    </Card>
  );
}
