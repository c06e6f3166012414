import { SafetyCertificateOutlined } from '@ant-design/icons';
import { customerTaxFactsScope, hasScope } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { resourceKeys } from '../../components/resource/resource-api.ts';
import type { RowActionProps } from '../../lib/areas/screen-map.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

/**
 * A customer's row on /customers: ask FBR whether the customer is registered (issue 30, section 2),
 * for holders of customers:tax-facts, on a customer with an NTN or CNIC. FBR's answer sets the
 * customer's registration and the date it was checked; the list is read again to show it.
 */
export function FbrRegistrationAction({ row }: RowActionProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: async () => (await http.post<{ message: string }>(`/api/customers/${Number(row.id)}/check-registration`)).data,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('customers') });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (user === undefined || !hasScope(user.role, user.scopes, customerTaxFactsScope) || !(row.ntn || row.cnic)) return null;
  const label = `Check ${String(row.customerName ?? 'the customer')}'s registration with FBR`;
  return <Button size="small" icon={<SafetyCertificateOutlined />} aria-label={label} title="Check registration with FBR" loading={check.isPending} onClick={() => check.mutate()} />;
}
