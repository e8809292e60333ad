import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { issueOpenInvite } from '../../src/accounts/invite-tokens';
import { startTestApp, TestApp } from '../support/test-app';

// The dashboard's shell over HTTP (DECISIONS section 10): invites, sign-in, sign-out, lock-out,
// sign-up, CSRF and Origin checks, body limits, CSP and the session cookie.

const PASSWORD = 'correct horse battery';

type Agent = ReturnType<typeof request.agent>;

function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no _csrf field in:\n${html.slice(0, 500)}`);
  return match[1];
}

/** The text of the page's alert, field errors and error message, whitespace folded. */
function messagesOf(html: string): string[] {
  const found = [...html.matchAll(/class="(?:alert alert-error|field-error|error-message)"[^>]*>([^<]*)</g)].map((m) => m[1].trim());
  return found.map((text) => text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
}

function invitePath(inviteUrl: string): string {
  return new URL(inviteUrl).pathname;
}

function sessionCookieOf(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('pdfgen_session=') && !cookie.startsWith('pdfgen_session=;'));
}

describe('dashboard sign-in, invites and sessions', () => {
  let t: TestApp;
  let workspaceId: string;

  beforeAll(async () => {
    t = await startTestApp();
    workspaceId = (await t.createWorkspace('pro')).id;
  });
  afterAll(async () => t?.close());

  async function invite(email: string, role = 'owner', ws = workspaceId): Promise<string> {
    const res = await t.admin.post(`/workspaces/${ws}/members`, { email, role }).expect(201);
    expect(res.body).toMatchObject({ email, role, inviteUrl: expect.stringMatching(/\/dashboard\/invite\/[\w-]{20,}$/) });
    return invitePath(res.body.inviteUrl);
  }

  /** Accepts an invite in a fresh browser; the agent comes back signed in. */
  async function accept(path: string, password = PASSWORD): Promise<Agent> {
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(path).expect(200);
    await agent.post(path).type('form').send({ _csrf: csrfOf(page.text), password, confirm: password }).expect(303).expect('Location', '/dashboard/overview');
    return agent;
  }

  async function signIn(email: string, password = PASSWORD, next?: string): Promise<{ agent: Agent; res: request.Response }> {
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(`/dashboard/sign-in${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`).expect(200);
    const form: Record<string, string> = { _csrf: csrfOf(page.text), email, password };
    if (next !== undefined) form.next = next;
    const res = await agent.post('/dashboard/sign-in').type('form').send(form);
    return { agent, res };
  }

  async function isSignedIn(agent: Agent): Promise<boolean> {
    const res = await agent.get('/dashboard');
    expect(res.status).toBe(303);
    return res.headers.location === '/dashboard/overview';
  }

  it('accepts an invite: shows the workspace and role, sets the password and signs in', async () => {
    const path = await invite('ada@example.com', 'owner');
    const anonymous = request.agent(t.app.getHttpServer());
    const page = await anonymous.get(path).expect(200);
    expect(page.text).toContain('Join ws-pro');
    expect(page.text).toMatch(/<span class="badge">owner<\/span>/);
    expect(page.text).toContain('ada@example.com');
    expect(page.text).toMatch(/name="password"/);
    expect(page.text).toMatch(/name="confirm"/);

    const res = await anonymous.post(path).type('form').send({ _csrf: csrfOf(page.text), password: PASSWORD, confirm: PASSWORD }).expect(303);
    expect(res.headers.location).toBe('/dashboard/overview');
    expect(sessionCookieOf(res)).toBeDefined();
    expect(await isSignedIn(anonymous)).toBe(true);

    const members = await t.admin.get(`/workspaces/${workspaceId}/members`).expect(200);
    expect(members.body.members).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'ada@example.com', role: 'owner', status: 'active' })]));
  });

  it('sets a session cookie that is HttpOnly, SameSite=Lax, scoped to /dashboard, 7 days, not Secure over http', async () => {
    await accept(await invite('cookie@example.com'));
    const { res } = await signIn('cookie@example.com');
    expect(res.status).toBe(303);
    const cookie = sessionCookieOf(res)!;
    const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/dashboard', `max-age=${7 * 24 * 3600}`]));
    expect(attributes).not.toContain('secure');
  });

  it('signs in and goes to `next` only when it is a dashboard path of this origin', async () => {
    await accept(await invite('next@example.com', 'member'));
    expect((await signIn('next@example.com', PASSWORD, '/dashboard/keys?x=1')).res.headers.location).toBe('/dashboard/keys?x=1');
    for (const next of ['//evil.example/dashboard', 'https://evil.example/dashboard', '/dashboard\\..\\evil', '/\\evil.example', 'javascript:alert(1)', '/api/v1/templates']) {
      const { res } = await signIn('next@example.com', PASSWORD, next);
      expect({ next, status: res.status, location: res.headers.location }).toEqual({ next, status: 303, location: '/dashboard/overview' });
    }
  });

  it('a page without a session redirects to the sign-in page, and back after signing in', async () => {
    const home = await t.http.get('/dashboard?tab=1').expect(303);
    expect(home.headers.location).toBe('/dashboard/sign-in?next=%2Fdashboard%3Ftab%3D1');
    const form = await t.http.get(home.headers.location).expect(200);
    expect(form.text).toContain('name="next" value="/dashboard?tab=1"');
    await accept(await invite('back@example.com', 'member'));
    const { res } = await signIn('back@example.com', PASSWORD, '/dashboard?tab=1');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard?tab=1');
  });

  it('answers a wrong password and an unknown email with the same generic message, 401', async () => {
    await accept(await invite('grace@example.com'));
    const wrong = (await signIn('grace@example.com', 'not the password')).res;
    const unknown = (await signIn('nobody@example.com', PASSWORD)).res;
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(messagesOf(res.text)).toEqual(['Invalid email or password']);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    // The form comes back with the email kept and the password not.
    expect(wrong.text).toContain('value="grace@example.com"');
    expect(wrong.text).not.toContain('not the password');
  });

  it('sign-out ends the session on the server: the old cookie leads to the sign-in page', async () => {
    await accept(await invite('linus@example.com'));
    const { agent, res } = await signIn('linus@example.com');
    const stolen = sessionCookieOf(res)!.split(';')[0];
    expect(await isSignedIn(agent)).toBe(true);

    const page = await agent.get('/dashboard/sign-in?next=%2Fdashboard%2Fkeys');
    expect(page.status).toBe(303); // signed in already: sent on
    const shell = await t.http.get('/dashboard/sign-in').set('Cookie', stolen);
    expect(shell.status).toBe(303);

    // The sign-out form lives in the layout of signed-in pages; its token is the session's.
    const signOutToken = await sessionCsrf(stolen);
    const out = await agent.post('/dashboard/sign-out').type('form').send({ _csrf: signOutToken }).expect(303);
    expect(out.headers.location).toBe('/dashboard/sign-in');
    expect(([] as string[]).concat(out.headers['set-cookie'])).toEqual(expect.arrayContaining([expect.stringMatching(/^pdfgen_session=;.*Max-Age=0/)]));

    const replayed = await t.http.get('/dashboard').set('Cookie', stolen).expect(303);
    expect(replayed.headers.location).toBe('/dashboard/sign-in?next=%2Fdashboard');
    const replayedPost = await t.http.post('/dashboard/sign-out').set('Cookie', stolen).type('form').send({ _csrf: signOutToken });
    expect(replayedPost.status).toBe(401);
    expect(messagesOf(replayedPost.text)).toEqual(['Sign in to continue']);
  });

  /** The session's CSRF token, as the signed-in layout renders it (the error page of a session has the layout). */
  async function sessionCsrf(cookie: string): Promise<string> {
    const res = await t.http.get('/dashboard/no-such-page').set('Cookie', cookie);
    expect(res.status).toBe(404);
    return csrfOf(res.text);
  }

  it('locks an email for 15 minutes after 10 failures in 15 minutes (429), even with the right password', async () => {
    await accept(await invite('locked@example.com'));
    for (let i = 0; i < 10; i += 1) expect((await signIn('locked@example.com', `wrong password ${i}`)).res.status).toBe(401);
    const { res } = await signIn('locked@example.com', PASSWORD);
    expect(res.status).toBe(429);
    expect(messagesOf(res.text)).toEqual(['Too many failed sign-ins: try again in 15 minutes']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookieOf(res)).toBeUndefined();
    // Another email is not affected.
    expect((await signIn('grace@example.com', PASSWORD)).res.status).toBe(303);
  });

  it('a tampered invite token gets a clear error page and changes nothing', async () => {
    const path = await invite('tamper@example.com', 'member');
    const tampered = path.slice(0, -2) + (path.endsWith('AA') ? 'BB' : 'AA');
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(tampered);
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(messagesOf(page.text)).toEqual(['This invite link is invalid, expired or already used']);
    const form = await agent.get('/dashboard/sign-in');
    const post = await agent.post(tampered).type('form').send({ _csrf: csrfOf(form.text), password: PASSWORD, confirm: PASSWORD });
    expect(post.status).toBe(400);
    expect(sessionCookieOf(post)).toBeUndefined();
    // The real invite still works, and nobody got in with the tampered one.
    expect((await signIn('tamper@example.com')).res.status).toBe(401);
    await accept(path);
  });

  it('an invite works once: the second use gets the error page', async () => {
    const path = await invite('twice@example.com', 'member');
    await accept(path);
    const again = await request.agent(t.app.getHttpServer()).get(path);
    expect(again.status).toBe(400);
    expect(messagesOf(again.text)).toEqual(['This invite link is invalid, expired or already used']);
    const agent = request.agent(t.app.getHttpServer());
    const form = await agent.get('/dashboard/sign-in');
    const post = await agent.post(path).type('form').send({ _csrf: csrfOf(form.text), password: 'another password 1', confirm: 'another password 1' });
    expect(post.status).toBe(400);
    // The password set the first time is unchanged.
    expect((await signIn('twice@example.com', 'another password 1')).res.status).toBe(401);
    expect((await signIn('twice@example.com')).res.status).toBe(303);
  });

  it('refuses a short password and mismatched passwords at their field, and the invite stays usable', async () => {
    const path = await invite('short@example.com', 'member');
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(path);
    const token = csrfOf(page.text);
    const short = await agent.post(path).type('form').send({ _csrf: token, password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(messagesOf(short.text)).toEqual(['Password must be at least 10 characters']);
    expect(short.text).toMatch(/id="field-password"[^>]*aria-invalid="true"/);
    const mismatch = await agent.post(path).type('form').send({ _csrf: token, password: PASSWORD, confirm: `${PASSWORD}!` });
    expect(mismatch.status).toBe(400);
    expect(messagesOf(mismatch.text)).toEqual(['The passwords do not match']);
    expect(sessionCookieOf(short)).toBeUndefined();
    await accept(path);
  });

  it('an invite without an email (the bootstrap kind) asks for it, and refuses a missing or invalid one', async () => {
    const token = await issueOpenInvite(t.app.get(DataSource), workspaceId, 'owner');
    const path = `/dashboard/invite/${token}`;
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(path).expect(200);
    expect(page.text).toMatch(/<input id="field-email" name="email" type="email"/);
    const csrf = csrfOf(page.text);
    const missing = await agent.post(path).type('form').send({ _csrf: csrf, password: PASSWORD, confirm: PASSWORD });
    expect(missing.status).toBe(400);
    expect(messagesOf(missing.text)).toHaveLength(1);
    expect(missing.text).toMatch(/id="field-email"[^>]*aria-invalid="true"/);
    // An existing account's email: joining needs that account's password, it is never reset.
    const taken = await agent.post(path).type('form').send({ _csrf: csrf, email: 'ada@example.com', password: 'not adas password', confirm: 'not adas password' });
    expect(taken.status).toBe(401);
    expect(messagesOf(taken.text)).toEqual(['Invalid email or password']);
    await agent.post(path).type('form').send({ _csrf: csrf, email: 'Boot@Example.com', password: PASSWORD, confirm: PASSWORD }).expect(303);
    expect(await isSignedIn(agent)).toBe(true);
    expect((await signIn('boot@example.com')).res.status).toBe(303);
  });

  it('an expired invite gets the error page', async () => {
    const token = await issueOpenInvite(t.app.get(DataSource), workspaceId, 'member', Date.now() - 8 * 24 * 3600 * 1000);
    const res = await t.http.get(`/dashboard/invite/${token}`);
    expect(res.status).toBe(400);
    expect(messagesOf(res.text)).toEqual(['This invite link is invalid, expired or already used']);
  });

  it('refuses a cross-site POST: without the CSRF token, with a wrong one, or from a foreign Origin (403), and nothing changes', async () => {
    await accept(await invite('csrf@example.com'));
    const { res } = await signIn('csrf@example.com');
    const cookie = sessionCookieOf(res)!.split(';')[0];
    const token = await sessionCsrf(cookie);

    const missing = await t.http.post('/dashboard/sign-out').set('Cookie', cookie).type('form').send({});
    expect(missing.status).toBe(403);
    expect(messagesOf(missing.text)).toEqual(['Invalid or missing CSRF token']);
    const wrong = await t.http.post('/dashboard/sign-out').set('Cookie', cookie).type('form').send({ _csrf: 'x'.repeat(43) });
    expect(wrong.status).toBe(403);
    const foreign = await t.http.post('/dashboard/sign-out').set('Cookie', cookie).set('Origin', 'https://evil.example').type('form').send({ _csrf: token });
    expect(foreign.status).toBe(403);
    expect(messagesOf(foreign.text)).toEqual(['Invalid or missing CSRF token']);
    const crossSite = await t.http.post('/dashboard/sign-out').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').type('form').send({ _csrf: token });
    expect(crossSite.status).toBe(403);
    // The session survived all of them.
    expect((await t.http.get('/dashboard').set('Cookie', cookie)).headers.location).toBe('/dashboard/overview');

    // Same origin (the Host it was sent to) with the token: accepted.
    const host = `127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    await t.http.post('/dashboard/sign-out').set('Cookie', cookie).set('Origin', `http://${host}`).type('form').send({ _csrf: token }).expect(303);

    // Before sign-in: the double-submit token must match its cookie.
    const noToken = await t.http.post('/dashboard/sign-in').type('form').send({ email: 'csrf@example.com', password: PASSWORD });
    expect(noToken.status).toBe(403);
    expect(sessionCookieOf(noToken)).toBeUndefined();
    const agent = request.agent(t.app.getHttpServer());
    const form = await agent.get('/dashboard/sign-in');
    const otherToken = await agent.post('/dashboard/sign-in').type('form').send({ _csrf: `${csrfOf(form.text).slice(0, -1)}x`, email: 'csrf@example.com', password: PASSWORD });
    expect(otherToken.status).toBe(403);
  });

  it('refuses a 10 MB form post with a 413 page without reading it, and nothing changes', async () => {
    const path = await invite('big@example.com', 'member');
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(path);
    const cookie = ([] as string[]).concat(page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const token = csrfOf(page.text);

    // Content-Length says 10 MB: the answer comes before the body is sent.
    const declared = await rawPost(path, cookie, 10 * 1024 * 1024, `_csrf=${token}&password=${encodeURIComponent(PASSWORD)}&confirm=`);
    expect(declared.status).toBe(413);
    expect(declared.body).toContain('Request body too large');
    expect(declared.body).toContain('This form accepts up to 64 KiB.');
    expect(declared.contentType).toMatch(/^text\/html/);

    // A chunked body without a length is cut off at 64 KiB.
    const streamed = await rawPost(path, cookie, undefined, `_csrf=${token}&password=${encodeURIComponent(PASSWORD)}&confirm=${'a'.repeat(200 * 1024)}`);
    expect(streamed.status).toBe(413);

    // The invite was not used.
    await agent.get(path).expect(200);
    await accept(path);
  });

  /** POSTs a form by hand: `declaredLength` sets Content-Length (only `body` is sent), else chunked. */
  function rawPost(path: string, cookie: string, declaredLength: number | undefined, body: string): Promise<{ status: number; body: string; contentType: string }> {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie };
      if (declaredLength !== undefined) headers['Content-Length'] = declaredLength;
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), contentType: String(res.headers['content-type']) }));
        res.on('error', reject);
      });
      req.on('error', () => undefined); // the server closes the connection on an unread body
      req.write(body);
      if (declaredLength === undefined) req.end();
    });
  }

  it('serves /dashboard with its own CSP (no inline script, nothing from another origin) and keeps the API policy', async () => {
    const page = await t.http.get('/dashboard/sign-in').expect(200);
    const csp = String(page.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['cache-control']).toBe('no-store');
    // No inline script or style in the page.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
    expect(page.text).not.toMatch(/\sstyle="/);
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);

    const errorPage = await t.http.get('/dashboard/nothing-here');
    expect(errorPage.headers['content-security-policy']).toBe(csp);
    const api = await t.http.get('/api/v1/templates');
    expect(api.headers['content-security-policy']).not.toBe(csp);
    expect(api.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('serves the stylesheet from /dashboard/assets, cached for good under its versioned URL', async () => {
    const page = await t.http.get('/dashboard/sign-in');
    const href = /href="(\/dashboard\/assets\/dashboard\.css\?v=[0-9a-f]{12})"/.exec(page.text)![1];
    const css = await t.http.get(href).expect(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http.get('/dashboard/assets/dashboard.css')).headers['cache-control']).toBe('public, max-age=300');
    expect((await t.http.get('/dashboard/assets/..%2Fview-renderer.ts')).status).toBe(404);
    expect((await t.http.get('/dashboard/assets/nope.js')).status).toBe(404);
  });

  it('error pages: 404 in the layout look, JSON for a JSON client', async () => {
    const page = await t.http.get('/dashboard/no/such/page');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Page not found');
    expect(page.text).toContain('dashboard.css');
    const json = await t.http.get('/dashboard/no/such/page').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('sign-up is a 404 unless DASHBOARD_SIGNUP=true', async () => {
    expect((await t.http.get('/dashboard/sign-up')).status).toBe(404);
    const agent = request.agent(t.app.getHttpServer());
    const form = await agent.get('/dashboard/sign-in');
    expect(form.text).not.toContain('/dashboard/sign-up');
    expect((await agent.post('/dashboard/sign-up').type('form').send({ _csrf: csrfOf(form.text), email: 'x@example.com', password: PASSWORD, confirm: PASSWORD })).status).toBe(404);
  });

  it('switches between workspaces the user belongs to, and only those', async () => {
    const second = await t.admin.post('/workspaces', { name: 'Another workspace', plan: 'free' }).expect(201);
    const foreign = await t.admin.post('/workspaces', { name: 'Not yours', plan: 'free' }).expect(201);
    await accept(await invite('two@example.com', 'owner'));
    const pending = await invite('two@example.com', 'member', second.body.id);
    // Invited, not yet accepted: the other workspace is not on offer.
    const before = sessionCookieOf((await signIn('two@example.com')).res)!.split(';')[0];
    expect((await t.http.get('/dashboard/no-page').set('Cookie', before)).text).not.toContain('Another workspace');
    await accept(pending);
    const { res } = await signIn('two@example.com');
    const cookie = sessionCookieOf(res)!.split(';')[0];
    const layout = await t.http.get('/dashboard/no-page').set('Cookie', cookie);
    expect(layout.text).toContain('name="workspaceId"');
    expect(layout.text).toContain('>Another workspace</option>');
    expect(layout.text).not.toContain('Not yours');
    const token = csrfOf(layout.text);

    const refused = await t.http.post('/dashboard/workspace').set('Cookie', cookie).type('form').send({ _csrf: token, workspaceId: foreign.body.id });
    expect(refused.status).toBe(404);
    await t.http.post('/dashboard/workspace').set('Cookie', cookie).type('form').send({ _csrf: token, workspaceId: second.body.id }).expect(303);
    const after = await t.http.get('/dashboard/no-page').set('Cookie', cookie);
    expect(after.text).toMatch(new RegExp(`<option value="${second.body.id}" selected>`));
  });
});

describe('dashboard sign-up (DASHBOARD_SIGNUP=true) over https', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DASHBOARD_SIGNUP: 'true', PUBLIC_URL: 'https://pdf.example.com' });
  });
  afterAll(async () => t?.close());

  async function signUp(email: string, password: string, confirm = password): Promise<request.Response> {
    // The cookies are Secure (PUBLIC_URL is https): sent back by hand over the test's plain HTTP.
    const page = await t.http.get('/dashboard/sign-up').expect(200);
    const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
    expect(cookies.every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    return t.http.post('/dashboard/sign-up').set('Cookie', cookie).type('form').send({ _csrf: csrfOf(page.text), email, password, confirm });
  }

  it('creates an account with a free workspace of its own and signs in with a Secure cookie', async () => {
    const res = await signUp('new@example.com', PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard/overview');
    const cookie = sessionCookieOf(res)!;
    expect(cookie.split(';').map((p) => p.trim().toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/dashboard']));
    const workspaces = await t.admin.get('/workspaces').expect(200);
    expect(workspaces.body.workspaces.some((ws: { plan: string }) => ws.plan === 'free')).toBe(true);
  });

  it('refuses an email that has an account (409), a short password and mismatched passwords (400), creating nothing', async () => {
    await signUp('taken@example.com', PASSWORD).then((res) => expect(res.status).toBe(303));
    const before = (await t.admin.get('/workspaces').expect(200)).body.workspaces.length;

    const taken = await signUp('Taken@Example.com', PASSWORD);
    expect(taken.status).toBe(409);
    expect(messagesOf(taken.text)).toEqual(['An account with this email already exists']);
    expect(taken.text).toMatch(/id="field-email"[^>]*aria-invalid="true"/);

    const short = await signUp('short@example.com', 'too short');
    expect(short.status).toBe(400);
    expect(messagesOf(short.text)).toEqual(['Password must be at least 10 characters']);

    const mismatch = await signUp('mismatch@example.com', PASSWORD, 'something else entirely');
    expect(mismatch.status).toBe(400);
    expect(messagesOf(mismatch.text)).toEqual(['The passwords do not match']);

    const invalid = await signUp('not-an-email', PASSWORD);
    expect(invalid.status).toBe(400);
    expect(messagesOf(invalid.text)).toHaveLength(1);

    for (const res of [taken, short, mismatch, invalid]) expect(sessionCookieOf(res)).toBeUndefined();
    expect((await t.admin.get('/workspaces').expect(200)).body.workspaces.length).toBe(before);
  });
});
