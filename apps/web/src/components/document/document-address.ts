import { prefixRoutes } from '@erp/domain';
import { canAccessPath } from '@erp/domain';
import { documentLinkOf } from '../../lib/areas/area-registry.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import type { DocumentTarget } from './document-drawer.tsx';

/**
 * Where an open document lives in the address bar. The spec matches some routes only exactly
 * (/purchase-orders, /transfers: section 2), so their documents open by query
 * (`/transfers?open=12`); prefix routes (/journals) keep a path (`/journals/12`).
 */
export interface DocumentAddress {
  targetOf(location: { pathname: string; search: string }): DocumentTarget | undefined;
  /** The address of the list (no target) or of a document open over it; `extra` joins the query. */
  href(target?: DocumentTarget, extra?: Record<string, string>): string;
}

function targetFrom(value: string | null | undefined): DocumentTarget | undefined {
  if (value === 'new') return 'new';
  return value && /^\d+$/.test(value) && Number(value) > 0 && Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
}

const queryOf = (entries: Record<string, string>) => {
  const query = new URLSearchParams(entries).toString();
  return query ? `?${query}` : '';
};

/** `<route>`, `<route>/new`, `<route>/:id`. */
export function pathAddress(route: string): DocumentAddress {
  return {
    targetOf: ({ pathname }) => (pathname.startsWith(`${route}/`) ? targetFrom(pathname.slice(route.length + 1).replace(/\/$/, '')) : undefined),
    href: (target, extra = {}) => `${route}${target === undefined ? '' : `/${target}`}${queryOf(extra)}`,
  };
}

/** `<route>?<fixed>`, `<route>?<fixed>&open=new|:id`: `fixed` keeps the screen's own state (its tab). */
export function queryAddress(route: string, fixed: Record<string, string> = {}): DocumentAddress {
  return {
    targetOf: ({ search }) => targetFrom(new URLSearchParams(search).get('open')),
    href: (target, extra = {}) => `${route}${queryOf({ ...fixed, ...(target === undefined ? {} : { open: String(target) }), ...extra })}`,
  };
}

/** A document screen's address on its route: by path on a prefix route, by query on an exact one. */
export function addressOf(route: string): DocumentAddress {
  return (prefixRoutes as readonly string[]).includes(route) ? pathAddress(route) : queryAddress(route);
}

/**
 * Where a ledger or statement row's source document opens, by the document type the server
 * stamps on the row: each area's manifest declares its own (`documentLinks`).
 */
export function documentHref(documentType: string, documentId: number): string | undefined {
  return documentLinkOf(documentType)?.href(documentId);
}

/**
 * `documentHref` for the signed-in user: a document they may not open (the auditor has no
 * /receipts) has no link, so its number shows as plain text instead of a link to a refusal.
 */
export function useDocumentHref(): (documentType: string, documentId: number) => string | undefined {
  const { user } = useAuth();
  return (documentType, documentId) => {
    const href = documentHref(documentType, documentId);
    return href && user && canAccessPath(user.role, href) ? href : undefined;
  };
}
