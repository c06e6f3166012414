import type { AssumeRoleResponse, AuthUser, LoginResponse, VerifyTokenResponse } from '@erp/domain';
import { bearer, http } from '../http.ts';

/** POST /api/verify-token with a given token (the main one, then the assumed one). */
export async function verifyToken(token: string): Promise<AuthUser> {
  const { data } = await http.post<VerifyTokenResponse>('/api/verify-token', undefined, {
    headers: bearer(token),
    skipSessionExpiry: true,
  });
  return data.user;
}

/** POST /api/login. The caller decides success by `status === 200` (spec section 5). */
export async function postLogin(username: string, password: string): Promise<{ httpStatus: number; body: LoginResponse }> {
  const response = await http.post<LoginResponse>('/api/login', { username, password }, { skipSessionExpiry: true });
  return { httpStatus: response.status, body: response.data };
}

export async function postAssumeRole(userId: number): Promise<AssumeRoleResponse> {
  const { data } = await http.post<AssumeRoleResponse>('/api/assume-role', { userId });
  return data;
}
