import { createSigner, createVerifier } from 'fast-jwt';

export const mainTokenLifetimeMs = 12 * 60 * 60 * 1000;
export const assumedTokenLifetimeMs = 60 * 60 * 1000;

export interface TokenClaims {
  sub: string;
  /** The password version of `sub` when signed: a later password change or reset ends the token. */
  pv?: number;
  /** RFC 8693 actor claim: on an assumed token, the admin acting as `sub`, with the admin's password version. */
  act?: { sub: string; pv?: number };
  iat?: number;
  exp?: number;
}

/** Whom a token is for. A bare id stands for a user whose password was never changed (version 0). */
export type TokenSubject = number | { id: number; passwordVersion: number };

export interface TokenService {
  signMain(user: TokenSubject, nowMs?: number): string;
  signAssumed(user: TokenSubject, admin: TokenSubject, nowMs?: number): string;
  /** Throws when the token is malformed, badly signed or expired. */
  verify(token: string): TokenClaims;
}

function subjectOf(user: TokenSubject): { sub: string; pv: number } {
  return typeof user === 'number' ? { sub: String(user), pv: 0 } : { sub: String(user.id), pv: user.passwordVersion };
}

/** The password version a token claims; tokens signed before versions existed claim 0. */
export function passwordVersionOf(claim: { pv?: unknown } | undefined): number {
  const version = claim?.pv;
  return typeof version === 'number' && Number.isInteger(version) ? version : 0;
}

/** HS256 tokens signed with the installation's secret; synchronous, so verification costs microseconds. */
export function createTokenService(secret: string): TokenService {
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  const sign = (payload: Record<string, unknown>, expiresIn: number, nowMs?: number): string =>
    createSigner({ key: secret, algorithm: 'HS256', expiresIn, ...(nowMs === undefined ? {} : { clockTimestamp: nowMs }) })(payload);
  return {
    signMain: (user, nowMs) => sign(subjectOf(user), mainTokenLifetimeMs, nowMs),
    signAssumed: (user, admin, nowMs) => sign({ ...subjectOf(user), act: subjectOf(admin) }, assumedTokenLifetimeMs, nowMs),
    verify: (token) => verifier(token) as TokenClaims,
  };
}
