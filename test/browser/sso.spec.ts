import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible, PHONE, screenshot, uniqueEmail } from '../support/browser';
import { freePort } from '../support/free-port';
import { failedStart, startServiceProcess } from '../support/service-process';
import { signInAtProvider, SsoTest, startSsoTest } from '../support/sso';

/**
 * Single sign-on (DECISIONS section 16) in Chromium against a real OpenID provider (oidc-provider):
 * the code flow with PKCE, `state` and `nonce` checked, members matched by verified email.
 */
/** Opens the invite link and joins with Acme ID, as `login` at the provider; the status the callback answers with. */
async function joinBySso(t: SsoTest, page: Page, inviteUrl: string, login: string): Promise<number> {
  await page.goto(inviteUrl);
  await page.getByRole('link', { name: 'Join with Acme ID' }).click();
  await page.waitForURL((url) => url.origin === t.issuer);
  const answer = page.waitForResponse((res) => res.url().startsWith(`${t.baseUrl}/dashboard/sso/callback`));
  await signInAtProvider(page, login);
  const status = (await answer).status();
  await page.waitForLoadState('load');
  return status;
}

describe('dashboard: single sign-on (browser, OpenID provider)', () => {
  let t: SsoTest;
  beforeAll(async () => {
    t = await startSsoTest();
  });
  afterAll(() => t?.close());

  /** A workspace with `email` invited to it; its id and the invite URL. */
  async function invited(email: string, name = 'Acme SSO'): Promise<{ workspaceId: string; inviteUrl: string }> {
    const workspace = await t.admin('POST', '/workspaces', { name, plan: 'pro' });
    const member = await t.admin('POST', `/workspaces/${workspace.body.id}/members`, { email, role: 'owner' });
    expect(member.status).toBe(201);
    return { workspaceId: workspace.body.id, inviteUrl: member.body.inviteUrl };
  }

  /**
   * Sign in with Acme ID from the sign-in page, as `login` at the provider; the status the service's
   * callback answers with. `tamper` changes parameters of the authorization request on its way to the
   * provider (which sends them back in the callback and the ID token).
   */
  async function ssoSignIn(page: Page, login: string, tamper: Record<string, string> = {}, from = '/dashboard/sign-in'): Promise<number> {
    await page.goto(from);
    if (Object.keys(tamper).length === 0) {
      await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    } else {
      // The link's answer in this browser's context (its cookie kept), then the provider's URL changed and opened.
      const started = await page.request.get('/dashboard/sso', { maxRedirects: 0 });
      const authorization = new URL(started.headers().location);
      for (const [name, value] of Object.entries(tamper)) authorization.searchParams.set(name, value);
      await page.goto(authorization.href);
    }
    await page.waitForURL((url) => url.origin === t.issuer);
    const answer = page.waitForResponse((res) => res.url().startsWith(`${t.baseUrl}/dashboard/sso/callback`));
    await signInAtProvider(page, login);
    const status = (await answer).status();
    await page.waitForLoadState('load');
    return status;
  }

  async function auditEntries(workspaceId: string | null, action: string): Promise<any[]> {
    const query = workspaceId ? `workspaceId=${workspaceId}&action=${action}` : `action=${action}`;
    return (await t.admin('GET', `/audit?${query}`)).body.entries;
  }

  it('signs a member in with a verified email and lands on the overview, audited as sso', async () => {
    const email = uniqueEmail('sso');
    const { workspaceId, inviteUrl } = await invited(email);
    expect(await joinBySso(t, await t.newPage(), inviteUrl, email)).toBe(303);
    const page = await t.newPage();
    await page.goto('/dashboard/sign-in');
    await expectAccessible(page, 'sign-in with single sign-on');
    await screenshot(page, 'sign-in-sso', { phone: true });

    const callbacks: string[] = [];
    page.on('request', (request) => request.url().includes('/dashboard/sso/callback') && callbacks.push(request.url()));
    expect(await ssoSignIn(page, email)).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
    expect(await page.locator('.user-email').innerText()).toBe(email);
    await expectAccessible(page, 'overview after single sign-on');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'pdfgen_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });
    // The attempt's cookie is spent.
    expect((await page.context().cookies()).some((c) => c.name === 'pdfgen_sso' && c.value !== '')).toBe(false);

    const [entry] = await auditEntries(workspaceId, 'user.signed_in');
    expect(entry).toMatchObject({ action: 'user.signed_in', method: 'sso', actor: { type: 'user' }, target: { type: 'user' } });

    // The same callback again (its code, its state) finds no attempt under way: refused.
    expect(callbacks).toHaveLength(1);
    const replayed = await page.goto(callbacks[0]);
    expect(replayed!.status()).toBe(400);
    expect(await page.locator('main').innerText()).toContain('Single sign-on failed: this browser has no sign-in under way');

    // A page asked for before signing in is where single sign-on lands.
    const later = await t.newPage();
    expect(await ssoSignIn(later, email, {}, '/dashboard/keys')).toBe(303);
    expect(new URL(later.url()).pathname).toBe('/dashboard/keys');
  });

  it('refuses a callback whose state is not this browser’s attempt’s', async () => {
    const email = uniqueEmail('state');
    await invited(email);
    const page = await t.newPage();
    // The provider sends back the state it was given: not the one this browser's attempt keeps.
    expect(await ssoSignIn(page, email, { state: 'forged-state-value' })).toBe(400);
    const main = await page.locator('main').innerText();
    expect(main).toContain('Single sign-on refused');
    expect(main).toMatch(/Single sign-on failed: .*"state"/);
    expect((await page.context().cookies()).some((c) => c.name === 'pdfgen_session')).toBe(false);
    await expectAccessible(page, 'single sign-on refused');
    await screenshot(page, 'sign-in-sso-refused', { phone: true });
  });

  it('refuses an ID token whose nonce is not this attempt’s', async () => {
    const email = uniqueEmail('nonce');
    await invited(email);
    const page = await t.newPage();
    // The provider is asked for another attempt's nonce (state and PKCE untouched): it signs that one into the ID token.
    expect(await ssoSignIn(page, email, { nonce: 'a-nonce-from-another-attempt' })).toBe(400);
    expect(await page.locator('main').innerText()).toMatch(/Single sign-on failed: .*"nonce"/);
    expect((await page.context().cookies()).some((c) => c.name === 'pdfgen_session')).toBe(false);
  });

  it('refuses an email the provider has not verified, and a person nobody invited, creating no account', async () => {
    const email = uniqueEmail('unverified');
    const { workspaceId } = await invited(email);
    const page = await t.newPage();
    expect(await ssoSignIn(page, `unverified+${email}`)).toBe(403);
    expect(await page.locator('main').innerText()).toContain(`Your identity provider has not verified the email '${email}'`);
    const [failed] = await auditEntries(workspaceId, 'user.sign_in_failed');
    expect(failed).toMatchObject({ method: 'sso', actor: { type: 'user' }, target: { type: 'user' } });

    const stranger = uniqueEmail('stranger');
    const other = await t.newPage();
    expect(await ssoSignIn(other, stranger)).toBe(403);
    const main = await other.locator('main').innerText();
    expect(main).toContain(`Nobody with the email '${stranger}' is a member of a workspace: ask an owner for an invite`);
    expect(main).toContain('No account was created or signed in.');
    await expectAccessible(other, 'single sign-on: not invited');
    await screenshot(other, 'sign-in-sso-not-invited', { phone: true });
    // Still nobody: the same person is refused again, and no workspace lists them.
    const [unknown] = await auditEntries(null, 'user.sign_in_failed');
    expect(unknown).toMatchObject({ workspaceId: null, method: 'sso', target: { type: 'user', id: null } });
  });

  it('accepts a pending invite by single sign-on, for the invited email only', async () => {
    const email = uniqueEmail('joiner');
    const { workspaceId, inviteUrl } = await invited(email, 'Joined by SSO');
    const wrong = await t.newPage();
    const someoneElse = uniqueEmail('someone-else');
    expect(await joinBySso(t, wrong, inviteUrl, someoneElse)).toBe(403);
    expect(await wrong.locator('main').innerText()).toContain(`This invite is for '${email}', not for '${someoneElse}'`);

    const page = await t.newPage({ ...PHONE });
    await page.goto(inviteUrl);
    await expectAccessible(page, 'invite with single sign-on');
    await screenshot(page, 'invite-sso', { phone: true });
    expect(await joinBySso(t, page, inviteUrl, email)).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
    expect(await page.locator('.user-email').innerText()).toBe(email);
    const [entry] = await auditEntries(workspaceId, 'user.signed_in');
    expect(entry).toMatchObject({ method: 'sso', workspaceId });
    // The invite is spent.
    const again = await (await t.newPage()).goto(inviteUrl);
    expect(again!.status()).toBe(400);
  });
});

describe('dashboard: DASHBOARD_PASSWORDS=false (browser, OpenID provider)', () => {
  let t: SsoTest;
  beforeAll(async () => {
    t = await startSsoTest({ DASHBOARD_PASSWORDS: 'false' });
  });
  afterAll(() => t?.close());

  it('offers only single sign-on, refuses passwords with 403, and lets an invite be accepted without one', async () => {
    const workspace = await t.admin('POST', '/workspaces', { name: 'No passwords', plan: 'free' });
    const member = await t.admin('POST', `/workspaces/${workspace.body.id}/members`, { email: uniqueEmail('sso-only'), role: 'member' });
    const page = await t.newPage();
    await page.goto('/dashboard/sign-in');
    await expect(page.getByRole('link', { name: 'Sign in with Acme ID' }).isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'sign-in, passwords off');
    await screenshot(page, 'sign-in-sso-only', { phone: true });

    const csrf = (await page.context().cookies()).find((c) => c.name === 'pdfgen_csrf')!.value;
    const refused = await page.request.post('/dashboard/sign-in', { form: { _csrf: csrf, email: member.body.email, password: 'correct horse battery' }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('Password sign-in is turned off: use single sign-on');

    await page.goto(member.body.inviteUrl);
    await expect(page.getByRole('link', { name: 'Join with Acme ID' }).isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Choose a password').count()).toBe(0);
    const token = new URL(member.body.inviteUrl).pathname.split('/').pop();
    const setPassword = await page.request.post(`/dashboard/invite/${token}`, {
      form: { _csrf: csrf, password: 'correct horse battery', confirm: 'correct horse battery' },
      maxRedirects: 0,
    });
    expect(setPassword.status()).toBe(403);

    // The invite is still good: accepted without a password, by single sign-on.
    expect(await joinBySso(t, page, member.body.inviteUrl, member.body.email)).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
    await expectAccessible(page, 'overview, passwords off');
  });
});

describe('dashboard: single sign-on misconfigured', () => {
  it('answers 502 with a clear page when the provider cannot be reached', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-sso-down-'));
    const service = await startServiceProcess({
      BOOTSTRAP: 'false',
      DATA_DIR: dataDir,
      OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`,
      OIDC_CLIENT_ID: 'pdfgen',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const res = await fetch(`${service.url}/dashboard/sso`, { redirect: 'manual' });
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('The identity provider cannot be reached: try again in a moment');
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with DASHBOARD_PASSWORDS=false and no OIDC settings, naming them', async () => {
    const { code, stderr } = await failedStart({ DASHBOARD_PASSWORDS: 'false', OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '', PORT: '0', BOOTSTRAP: 'false' });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: DASHBOARD_PASSWORDS=false needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET');
  });
});
