import { compareDecimal, fromMinorUnits, percentage, toMinorUnits } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import type { WithheldProposal } from '../allocations.ts';
import { fetchOpenInvoices, moneyKeys } from '../money-api.ts';
import { fetchCustomerWithholding, fetchSalesSettings, withholdingKeys } from './withholding-api.ts';

const positive = (value: bigint) => (value > 0n ? fromMinorUnits(value) : '');

/**
 * What a receipt's customer withholds from each open invoice (issue 29, section 6): a
 * withholding agent the settings' share of the invoice's sales tax (less what it withheld from
 * it already), and any customer its income tax percent of the total of an invoice nothing has
 * settled yet. The user may change both. `ready` once all that is read: the first proposal
 * waits for it.
 */
export function useWithholding(customerId: number | undefined) {
  const id = customerId ?? 0;
  const customer = useQuery({ queryKey: withholdingKeys.customer(id), queryFn: () => fetchCustomerWithholding(id), enabled: customerId !== undefined });
  const agent = customer.data?.withholdingAgent === true;
  const incomePercent = customer.data?.incomeTaxWithholdingPercent ?? '0';
  // The same query as the allocations': read once.
  const open = useQuery({ queryKey: moneyKeys.openInvoices(id), queryFn: () => fetchOpenInvoices(id), enabled: customerId !== undefined });
  const settings = useQuery({ queryKey: withholdingKeys.salesSettings, queryFn: fetchSalesSettings, enabled: agent, staleTime: 60_000 });
  const share = settings.data?.withholdingSharePercent;

  const withheldOf = (targetId: number): WithheldProposal | undefined => {
    const target = open.data?.find((t) => t.id === targetId);
    if (!target) return undefined;
    let taxWithheld = '';
    // The open list answers each invoice's sales tax and what was withheld of it already.
    if (agent && share && target.taxAmount !== undefined) {
      const already = toMinorUnits(target.taxWithheldAmount ?? '0');
      const left = toMinorUnits(target.taxAmount) - already;
      const wanted = toMinorUnits(percentage(target.taxAmount, share)) - already;
      taxWithheld = positive(wanted < left ? wanted : left);
    }
    const untouched = compareDecimal(target.openAmount, target.total) === 0;
    const incomeTaxWithheld = untouched && compareDecimal(incomePercent, '0') > 0 ? positive(toMinorUnits(percentage(target.total, incomePercent))) : '';
    return taxWithheld || incomeTaxWithheld ? { taxWithheld, incomeTaxWithheld } : undefined;
  };

  const ready = customerId === undefined || (!customer.isPending && (!agent || (!settings.isPending && !open.isPending)));
  return { agent, withheldOf, ready };
}
