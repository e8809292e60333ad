import { bool, ConfigError, Env, str, url } from './app-config';

/** Dashboard sign-in by OpenID Connect (DECISIONS section 16). */
export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer URL; its `/.well-known/openid-configuration` is read at the first sign-in. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in page's button names: "Sign in with <name>" (OIDC_NAME, else the issuer's host). */
  name: string;
  /** `<PUBLIC_URL>/dashboard/sso/callback` when PUBLIC_URL is set; else each request's own origin makes it. */
  redirectUri?: string;
}

export const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
export const SSO_CALLBACK_PATH = '/dashboard/sso/callback';

/** The OIDC settings, all three or none; `publicUrl` is PUBLIC_URL as given (undefined when unset). */
export function oidcConfig(env: Env, publicUrl: string | undefined): OidcConfig | undefined {
  const missing = OIDC_SETTINGS.filter((name) => str(env, name) === undefined);
  if (missing.length === OIDC_SETTINGS.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`${missing.join(' and ')} must be set too: single sign-on needs ${OIDC_SETTINGS.join(', ')}`);
  const issuer = url(env, 'OIDC_ISSUER', ['http:', 'https:'])!;
  const { protocol, hostname, host } = new URL(issuer);
  // Plain http only to this machine (a provider in development or a test): a token over a network must be on TLS.
  if (protocol === 'http:' && !isLoopback(hostname)) throw new ConfigError('OIDC_ISSUER must be an https URL (http only on localhost)');
  return {
    issuer,
    clientId: str(env, 'OIDC_CLIENT_ID')!,
    clientSecret: str(env, 'OIDC_CLIENT_SECRET')!,
    name: str(env, 'OIDC_NAME') ?? host,
    redirectUri: publicUrl === undefined ? undefined : `${publicUrl}${SSO_CALLBACK_PATH}`,
  };
}

/** DASHBOARD_PASSWORDS (default true); false without single sign-on would leave nobody a way in. */
export function dashboardPasswords(env: Env, oidc: OidcConfig | undefined): boolean {
  const passwords = bool(env, 'DASHBOARD_PASSWORDS', true);
  if (!passwords && !oidc) throw new ConfigError(`DASHBOARD_PASSWORDS=false needs single sign-on: set ${OIDC_SETTINGS.join(', ')}`);
  return passwords;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
