import { ConfigError, loadConfig } from './app-config';

describe('single sign-on settings (OIDC_*, DASHBOARD_PASSWORDS)', () => {
  const sso = { OIDC_ISSUER: 'https://id.example.com/realms/acme', OIDC_CLIENT_ID: 'pdfgen', OIDC_CLIENT_SECRET: 's3cret' };

  it('is off by default, with passwords on', () => {
    expect(loadConfig({})).toMatchObject({ oidc: undefined, dashboardPasswords: true });
  });

  it('names the button after the issuer’s host, or OIDC_NAME, and takes the callback from PUBLIC_URL when set', () => {
    expect(loadConfig(sso).oidc).toEqual({ issuer: sso.OIDC_ISSUER, clientId: 'pdfgen', clientSecret: 's3cret', name: 'id.example.com', redirectUri: undefined });
    const named = loadConfig({ ...sso, OIDC_NAME: 'Acme ID', PUBLIC_URL: 'https://pdf.example.com/', DASHBOARD_PASSWORDS: 'false' });
    expect(named.oidc).toMatchObject({ name: 'Acme ID', redirectUri: 'https://pdf.example.com/dashboard/sso/callback' });
    expect(named.dashboardPasswords).toBe(false);
  });

  it('needs all three settings, naming the missing ones', () => {
    expect(() => loadConfig({ OIDC_ISSUER: sso.OIDC_ISSUER })).toThrow(
      new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set too: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET'),
    );
  });

  it('takes plain http only for a provider on this machine', () => {
    expect(loadConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ...sso, OIDC_ISSUER: 'http://localhost:9000' }).oidc?.name).toBe('localhost:9000');
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: 'http://id.example.com' })).toThrow(new ConfigError('OIDC_ISSUER must be an https URL (http only on localhost)'));
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: 'not a url' })).toThrow(new ConfigError('OIDC_ISSUER must be a URL'));
  });

  it('refuses DASHBOARD_PASSWORDS=false without single sign-on', () => {
    expect(() => loadConfig({ DASHBOARD_PASSWORDS: 'false' })).toThrow(
      new ConfigError('DASHBOARD_PASSWORDS=false needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET'),
    );
    expect(() => loadConfig({ DASHBOARD_PASSWORDS: 'maybe' })).toThrow(new ConfigError("DASHBOARD_PASSWORDS must be true or false, got 'maybe'"));
  });
});
