import type { Request, Response } from 'express';
import { clearDashboardCookie, readCookie, setDashboardCookie } from '../../http/cookies';
import type { AttemptChecks } from './openid-provider';

const COOKIE = 'pdfgen_sso';
/** Time to sign in at the provider. */
const ATTEMPT_MAX_AGE_SECONDS = 10 * 60;

/** One sign-in attempt as this browser keeps it between the redirect to the provider and the callback. */
export interface SsoAttempt {
  checks: AttemptChecks;
  /** Where to land (safeNext'd). */
  next: string;
  /** The invite being accepted, if the attempt started on an invite page. */
  invite?: string;
}

/**
 * The attempt rides in an HttpOnly cookie (SameSite=Lax: sent on the provider's redirect back), so any
 * replica can finish it. A browser can only spoil its own attempt with it: `state` must come back
 * from the provider, and the ID token must carry `nonce` and answer to the PKCE verifier.
 */
export function keepAttempt(res: Response, attempt: SsoAttempt, secure: boolean): void {
  setDashboardCookie(res, COOKIE, Buffer.from(JSON.stringify(attempt)).toString('base64url'), secure, ATTEMPT_MAX_AGE_SECONDS);
}

/** The browser's attempt, ended (single use); null when there is none or it is unreadable. */
export function takeAttempt(req: Request, res: Response, secure: boolean): SsoAttempt | null {
  const raw = readCookie(req, COOKIE);
  if (raw === undefined) return null;
  clearDashboardCookie(res, COOKIE, secure);
  try {
    const attempt = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as SsoAttempt;
    const { state, nonce, codeVerifier } = attempt.checks ?? {};
    return [state, nonce, codeVerifier, attempt.next].every((v) => typeof v === 'string') ? attempt : null;
  } catch {
    return null;
  }
}
