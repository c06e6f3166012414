import type { AuthUser, PublicCompany } from '@erp/domain';
import type { UserRecord } from '../../lib/session-user.ts';

/** The user of login and verify-token (spec section 3). */
export function toAuthUser(user: UserRecord, company: PublicCompany, assumedBy?: UserRecord): AuthUser {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    role: user.role,
    company: { companySettings: { companyName: company.companyName, rectangleLogo: company.rectangleLogo } },
    permissions: user.permissions ?? {},
    scopes: user.scopes ?? [],
    ...(assumedBy ? { assumedBy: { id: assumedBy.id, name: assumedBy.name, username: assumedBy.username } } : {}),
  };
}
