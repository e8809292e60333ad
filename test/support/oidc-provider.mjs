// A real OpenID provider (npm oidc-provider, ESM, hence a child process) for the SSO browser test.
//   node test/support/oidc-provider.mjs <port> <redirect uri>
// Prints "ready" when it listens on http://127.0.0.1:<port>. Its development sign-in form takes any
// login and password; the login is the person's email, verified unless it starts with "unverified+"
// ("unverified+ann@example.com" is ann@example.com, email_verified false).
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';

export const CLIENT_ID = 'pdfgen-dashboard';
export const CLIENT_SECRET = 'a-client-secret-for-the-test-provider';

const [port, redirectUri] = process.argv.slice(2);
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] }],
  jwks: { keys: [signingKey] },
  cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  pkce: { required: () => true },
  findAccount: (_ctx, login) => ({
    accountId: login,
    claims: () => ({ sub: login, email: login.replace(/^unverified\+/, ''), email_verified: !login.startsWith('unverified+') }),
  }),
  // Consent is the provider's business: the client is trusted for what it asks.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email');
    await grant.save();
    return grant;
  },
});
provider.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
