import { OpenIdClientProvider } from './openid-client.provider';
import { OpenIdProvider } from './openid-provider';
import { PasswordsOnGuard } from './passwords-on.guard';
import { SsoMembers } from './sso-members';

/** What the dashboard module provides for single sign-on. */
export const SSO_PROVIDERS = [SsoMembers, PasswordsOnGuard, { provide: OpenIdProvider, useClass: OpenIdClientProvider }];
