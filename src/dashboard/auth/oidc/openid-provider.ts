/** The values a sign-in attempt must find again in the provider's answer; kept by the browser (sso-attempt-cookie.ts). */
export interface AttemptChecks {
  state: string;
  nonce: string;
  /** PKCE: the code's challenge is its SHA-256 (S256). */
  codeVerifier: string;
}

/** Who the provider says signed in, after every check passed. */
export interface VerifiedIdentity {
  subject: string;
  /** Lower-cased and trimmed by the caller; undefined when the provider sent none. */
  email?: string;
  /** The provider's `email_verified`: only `true` counts. */
  emailVerified: boolean;
}

/**
 * The OpenID provider as the dashboard uses it: the port between the sign-in flow and the OIDC
 * library (openid-client.provider.ts), so that the flow does not load the library until it is
 * used and tests of the flow could stand in for it.
 */
export abstract class OpenIdProvider {
  /** A fresh attempt: the provider's authorization URL (code flow, PKCE S256, `state`, `nonce`) and its checks. */
  abstract startAttempt(redirectUri: string): Promise<{ url: URL; checks: AttemptChecks }>;

  /**
   * The callback of an attempt: its `state`, then the code exchanged (with the PKCE verifier) for
   * an ID token whose signature, `iss`, `aud`, `exp` and `nonce` are checked. Throws when any fails.
   */
  abstract finishAttempt(callbackUrl: URL, redirectUri: string, checks: AttemptChecks): Promise<VerifiedIdentity>;
}
