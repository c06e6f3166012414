import { z } from 'zod';
import type { Role } from '../access/roles.ts';
import { messages } from '../messages.ts';
import { passwordSchema } from '../setup/users.ts';

export const loginSchema = z.strictObject({
  username: z.string({ error: messages.usernameRequired }).trim().min(1, { error: messages.usernameRequired }).max(100),
  password: z.string({ error: messages.passwordRequired }).min(1, { error: messages.passwordRequired }).max(200),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }),
  newPassword: passwordSchema,
});

export const assumeRoleSchema = z.strictObject({ userId: z.number().int().positive() });

/** The user returned by login and token verification (spec section 3). */
export interface AuthUser {
  id: number;
  name: string;
  username: string;
  role: Role;
  company: { companySettings: { companyName: string | null; rectangleLogo: string | null } };
  permissions: Record<string, number[]>;
  scopes: string[];
  /** Present on an assumed session: the admin acting as this user. */
  assumedBy?: { id: number; name: string; username: string };
}

export interface LoginResponse {
  status: number;
  token: string;
  user: AuthUser;
  message: string;
}

export interface VerifyTokenResponse {
  status: number;
  message: string;
  user: AuthUser;
}

export interface AssumeRoleResponse {
  status: number;
  message: string;
  token: string;
  user: AuthUser;
}

/**
 * A password change ends every earlier token of the user; the answer carries a fresh one
 * (of the same kind: an assumed session gets an assumed token) so the session goes on.
 */
export interface ChangePasswordResponse {
  status: number;
  message: string;
  token: string;
}
