import type { AccountKind, GenericOption } from '@erp/domain';
import { OptionSelect, type OptionSelectProps } from './resource/option-select.tsx';

/** `1100 Cash in hand`, and a mark on an inactive account (posting refuses it). */
export function accountOptionText(option: GenericOption): string {
  const code = typeof option.accountCode === 'string' ? `${option.accountCode} ` : '';
  const inactive = option.active === false ? ' (inactive)' : '';
  return `${code}${String(option.accountName ?? option.name ?? option.id)}${inactive}`;
}

/**
 * A picker over GET /api/accounts/options showing code and name (spec section 3: account options);
 * `kinds` narrows it (cash and bank accounts), `currencies` to accounts kept in one of them (issue 33).
 */
export function AccountSelect({ kinds, currencies, ...props }: Omit<OptionSelectProps, 'resource' | 'optionText' | 'where'> & { kinds?: readonly AccountKind[]; currencies?: readonly string[] }) {
  const where =
    kinds || currencies
      ? (option: GenericOption) => (!kinds || kinds.includes(option.kind as AccountKind)) && (!currencies || option.currency === undefined || currencies.includes(String(option.currency)))
      : undefined;
  return <OptionSelect placeholder="Account" {...props} resource="accounts" optionText={accountOptionText} where={where} />;
}
