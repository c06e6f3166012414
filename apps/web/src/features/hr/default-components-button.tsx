import { isReadOnlyRole, salaryComponents } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { resourceKeys } from '../../components/resource/resource-api.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

/** Adds the default component set's missing codes (BASIC and the others), as the server defines them. */
export function DefaultComponentsButton() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: async () => (await http.post<{ message: string }>('/api/salary-components/defaults', {})).data.message,
    onSuccess: async (message) => {
      notify.success(message);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(salaryComponents.name) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.options(salaryComponents.name) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (!user || isReadOnlyRole(user.role)) return null;
  return (
    <Button onClick={() => add.mutate()} loading={add.isPending}>
      Add default components
    </Button>
  );
}
