import type { Role } from '@erp/domain';

// The signed-in user as lib/ and plugins/ see it (auth, the user cache, actors): users.repository.ts
// reads these rows, lib/request-auth.ts types the request with them, neither imports the other.

/** A user as the API shows it: never the password hash. */
export interface UserRecord {
  id: number;
  name: string;
  username: string;
  role: Role;
  active: boolean;
  permissions: Record<string, number[]>;
  scopes: string[];
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A user as a session needs it: with the password version its tokens must carry. Never leaves the server. */
export type SessionUserRecord = UserRecord & { passwordVersion: number };
