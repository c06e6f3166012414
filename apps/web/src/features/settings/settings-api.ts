import type { CompanySettings, LogoKind, PostingAccountKey } from '@erp/domain';
import { http } from '../../lib/http.ts';

export const settingsKey = ['settings'] as const;

export async function fetchSettings(): Promise<CompanySettings> {
  const { data } = await http.get<{ settings: CompanySettings }>('/api/settings');
  return data.settings;
}

export async function saveSettings(values: unknown): Promise<CompanySettings> {
  const { data } = await http.put<{ settings: CompanySettings }>('/api/settings', values);
  return data.settings;
}

/** Multipart PUT, field `file`; the JSON content type must not be sent with a FormData body. */
export async function uploadLogo(kind: LogoKind, file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file);
  await http.put(`/api/settings/logo/${kind}`, body, { headers: { 'Content-Type': 'multipart/form-data' } });
}

export async function deleteLogo(kind: LogoKind): Promise<void> {
  await http.delete(`/api/settings/logo/${kind}`);
}

export const postingAccountsKey = ['settings', 'posting-accounts'] as const;

/** `{cash: id, inventory: id, ...}`; a key not chosen yet is null or absent. */
export type PostingAccounts = Partial<Record<PostingAccountKey, number | null>>;

export async function fetchPostingAccounts(): Promise<PostingAccounts> {
  const { data } = await http.get<{ postingAccounts: PostingAccounts }>('/api/settings/posting-accounts');
  return data.postingAccounts ?? {};
}

export async function savePostingAccounts(values: unknown): Promise<PostingAccounts> {
  const { data } = await http.put<{ postingAccounts: PostingAccounts }>('/api/settings/posting-accounts', values);
  return data.postingAccounts;
}
