import { Inject, Injectable } from '@nestjs/common';
import type { Configuration } from 'openid-client';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { OidcConfig } from '../../../config/oidc-config';
import { AttemptChecks, OpenIdProvider, VerifiedIdentity } from './openid-provider';

type OpenIdClient = typeof import('openid-client');

/**
 * OpenIdProvider on openid-client 6, the maintained OIDC client (its v5 is legacy). v6 is ESM only:
 * it is loaded with import() at the first sign-in, which TypeScript's CommonJS output turns into
 * require(), and Node 20.19+ requires ES modules. Jest's module loader cannot, so this adapter runs
 * only in the built service (the SSO browser test starts dist/main.js).
 */
@Injectable()
export class OpenIdClientProvider extends OpenIdProvider {
  private readonly settings?: OidcConfig;
  private configuration?: Promise<{ client: OpenIdClient; config: Configuration }>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.settings = config.oidc;
  }

  async startAttempt(redirectUri: string): Promise<{ url: URL; checks: AttemptChecks }> {
    const { client, config } = await this.discovered();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url, checks };
  }

  async finishAttempt(callbackUrl: URL, redirectUri: string, checks: AttemptChecks): Promise<VerifiedIdentity> {
    const { client, config } = await this.discovered();
    try {
      const tokens = await client.authorizationCodeGrant(
        config,
        callbackUrl,
        { expectedState: checks.state, expectedNonce: checks.nonce, pkceCodeVerifier: checks.codeVerifier, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      const claims = tokens.claims()!;
      // Providers that keep the email out of the ID token (oidc-provider by default) give it at userinfo, for the same subject.
      const source = typeof claims.email === 'string' ? claims : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return {
        subject: claims.sub,
        email: typeof source.email === 'string' ? source.email : undefined,
        emailVerified: source.email_verified === true,
      };
    } catch (error) {
      throw new Error(innermostMessage(error), { cause: error });
    }
  }

  /** Discovery once; a failed one (the provider down) is tried again at the next sign-in. */
  private discovered(): Promise<{ client: OpenIdClient; config: Configuration }> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<{ client: OpenIdClient; config: Configuration }> {
    if (!this.settings) throw new Error('single sign-on is not set up (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)');
    const client = await import('openid-client');
    const { issuer, clientId, clientSecret } = this.settings;
    // The ID token's signature is checked against the provider's JWKS, though it came straight from the token endpoint.
    const execute = [client.enableNonRepudiationChecks];
    // http is accepted by the settings only for a provider on this machine (oidc-config.ts).
    if (issuer.startsWith('http:')) execute.push(client.allowInsecureRequests);
    // client_secret_basic: OpenID Connect's default client authentication, which every provider takes.
    const config = await client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), { execute });
    return { client, config };
  }
}

/**
 * openid-client wraps the check that failed ('unexpected ID Token "nonce" claim value', from
 * oauth4webapi) in a general one ('unexpected JWT claim value encountered'): the inner says which.
 */
function innermostMessage(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(error);
}
