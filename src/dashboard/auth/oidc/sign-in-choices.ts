import type { AppConfig } from '../../../config/app-config';

/** What the sign-in and invite pages offer: single sign-on (its button's name), the password form, or both. */
export function signInChoices(config: Pick<AppConfig, 'oidc' | 'dashboardPasswords'>): { sso: { name: string } | null; passwords: boolean } {
  return { sso: config.oidc ? { name: config.oidc.name } : null, passwords: config.dashboardPasswords };
}
