import { createSigner, createVerifier } from 'fast-jwt';

export const mainTokenLifetimeMs = 12 * 60 * 60 * 1000;
export const assumedTokenLifetimeMs = 60 * 60 * 1000;

export interface TokenClaims {
  sub: string;
  /** RFC 8693 actor claim: on an assumed token, the admin acting as `sub`. */
  act?: { sub: string };
  iat?: number;
  exp?: number;
}

export interface TokenService {
  signMain(userId: number, nowMs?: number): string;
  signAssumed(userId: number, adminId: number, nowMs?: number): string;
  /** Throws when the token is malformed, badly signed or expired. */
  verify(token: string): TokenClaims;
}

/** HS256 tokens signed with the installation's secret; synchronous, so verification costs microseconds. */
export function createTokenService(secret: string): TokenService {
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  const sign = (payload: Record<string, unknown>, expiresIn: number, nowMs?: number): string =>
    createSigner({ key: secret, algorithm: 'HS256', expiresIn, ...(nowMs === undefined ? {} : { clockTimestamp: nowMs }) })(payload);
  return {
    signMain: (userId, nowMs) => sign({ sub: String(userId) }, mainTokenLifetimeMs, nowMs),
    signAssumed: (userId, adminId, nowMs) => sign({ sub: String(userId), act: { sub: String(adminId) } }, assumedTokenLifetimeMs, nowMs),
    verify: (token) => verifier(token) as TokenClaims,
  };
}
