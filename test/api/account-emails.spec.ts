import { AccountsService } from '../../src/accounts/accounts.service';
import { ForgotPasswordService } from '../../src/accounts/forgot-password.service';
import { InviteEmailsService } from '../../src/accounts/invite-emails.service';
import { PasswordResetsService } from '../../src/accounts/password-resets.service';
import { SessionsService } from '../../src/accounts/sessions.service';
import { freePort } from '../support/free-port';
import { linkIn, startSmtpServer, TestSmtpServer } from '../support/smtp-server';
import { startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'correct horse battery';
const ORIGIN = { ip: '203.0.113.9', requestId: 'req-forgot' };
const tokenOf = (url: string) => url.split('/').pop()!;
const RESET = 'Reset your pdfgen password';

/** Emails with SMTP_URL (DECISIONS section 16), against a real SMTP server: Forgot password and invites. */
describe('emails: forgot password and invites', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let workspaceId: string;
  let forgot: ForgotPasswordService;
  let counter = 0;
  const email = (name: string) => `${name}-${++counter}@example.com`;
  /** Each request from its own IP, so the per-IP throttle stays out of tests about something else. */
  const ip = () => `198.51.100.${++counter}`;
  const member = async (address: string) => {
    const invited = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: address, role: 'member' }).expect(201);
    return t.app.get(AccountsService).acceptInvite(tokenOf(invited.body.inviteUrl), PASSWORD);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'Acme PDFs <pdf@acme.test>', PUBLIC_URL: 'https://pdf.example.com' });
    workspaceId = (await t.admin.post('/workspaces', { name: 'Acme & Co', plan: 'pro' }).expect(201)).body.id;
    forgot = t.app.get(ForgotPasswordService);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails the operator API invite to the invitee: the workspace, the role, the link and its expiry', async () => {
    const address = email('invitee');
    const res = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: address, role: 'owner' }).expect(201);
    const mail = await smtp.waitForMail(address);
    expect(mail.from?.value).toEqual([{ name: 'Acme PDFs', address: 'pdf@acme.test' }]);
    expect(mail.subject).toBe('Join Acme & Co on pdfgen');
    expect(linkIn(mail, 'invite')).toBe(res.body.inviteUrl);
    expect(mail.text).toContain('You are invited to join the workspace "Acme & Co" on pdfgen as an owner.');
    expect(mail.text).toMatch(/expires on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC \(in 7 days\)/);
    expect(mail.html).toContain(`href="${res.body.inviteUrl}"`);
    expect(mail.html).toContain('Acme &amp; Co');
  });

  it('sends a single-use 1-hour reset link to an account asking for it; using it ends every session of the person', async () => {
    const address = email('forgetful');
    const user = await member(address);
    const sessions = t.app.get(SessionsService);
    const before = await sessions.start(user.id, workspaceId);

    forgot.request(`  ${address.toUpperCase()} `, ip());
    const mail = await smtp.waitForMail(address, RESET);
    expect(mail.text).toContain('your pdfgen account ("Acme & Co")');
    expect(mail.text).toContain('(in 1 hour)');
    const link = linkIn(mail, 'reset-password');
    expect(link).toMatch(/^https:\/\/pdf\.example\.com\/dashboard\/reset-password\//);

    const resets = t.app.get(PasswordResetsService);
    await expect(resets.reset(tokenOf(link), 'a brand new password', ORIGIN)).resolves.toMatchObject({ userId: user.id, workspaceId: null });
    expect(await sessions.resolve(before.token)).toBeNull();
    await expect(resets.reset(tokenOf(link), 'yet another password', ORIGIN)).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });
    await expect(t.app.get(AccountsService).signIn(address, 'a brand new password')).resolves.toMatchObject({ id: user.id });

    // Recorded in the person's workspace, with the person as the actor: their mailbox proved who they are.
    const audit = await t.admin.get(`/audit?workspaceId=${workspaceId}&action=user.password_reset`).expect(200);
    expect(audit.body.entries[0]).toMatchObject({ actor: { type: 'user', id: user.id }, target: { type: 'user', id: user.id }, ip: ORIGIN.ip });
  });

  it('answers the same for an unknown email, and sends it nothing', async () => {
    const unknown = email('nobody');
    const known = email('somebody');
    await member(known);
    expect(forgot.request(unknown, ip())).toBeUndefined();
    expect(forgot.request(known, ip())).toBeUndefined();
    await smtp.waitForMail(known, RESET);
    expect(smtp.mailsTo(unknown)).toEqual([]);
  });

  it('refuses what is not an email address, naming the field', () => {
    expect(() => forgot.request('not an email', ip())).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', extra: { validationErrors: ['email must be an email address of at most 254 characters'] } }));
  });

  it('sends at most 3 links an hour to one address, quietly ignoring more', async () => {
    const address = email('flooded');
    await member(address);
    for (let i = 0; i < 4; i++) forgot.request(address, ip());
    await smtp.waitForMails(address, 3, RESET);
    // A later mail to someone else has arrived, and still no fourth.
    const other = email('other');
    await member(other);
    forgot.request(other, ip());
    await smtp.waitForMail(other, RESET);
    expect(smtp.mailsTo(address, RESET)).toHaveLength(3);
  });

  it('refuses an IP after 10 requests in 15 minutes (429, Retry-After)', () => {
    const from = ip();
    for (let i = 0; i < 10; i++) forgot.request(email('spray'), from);
    let refused: unknown;
    try {
      forgot.request(email('spray'), from);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'RESET_REQUESTS_LIMITED', status: 429, message: 'Too many password reset requests from your network: try again later' });
    expect(Number((refused as { headers: Record<string, string> }).headers['Retry-After'])).toBeGreaterThan(0);
  });
});

describe('with a mail server that cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t?.close());

  it('still invites (the link in the answer works) and says the email failed; Forgot password still answers', async () => {
    const ws = (await t.admin.post('/workspaces', { name: 'Offline', plan: 'pro' }).expect(201)).body.id;
    const invited = await t.admin.post(`/workspaces/${ws}/members`, { email: 'ada@example.com', role: 'owner' }).expect(201);
    await expect(t.app.get(AccountsService).describeInvite(tokenOf(invited.body.inviteUrl))).resolves.toMatchObject({ email: 'ada@example.com' });
    await expect(t.app.get(InviteEmailsService).send(ws, invited.body, null)).resolves.toBe('failed');
    expect(t.app.get(ForgotPasswordService).request('ada@example.com', '127.0.0.1')).toBeUndefined();
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('has no Forgot password page nor link, and sends no invite', async () => {
    await t.http.get('/dashboard/forgot-password').expect(404);
    const signIn = await t.http.get('/dashboard/sign-in').expect(200);
    expect(signIn.text).not.toContain('Forgot password');
    expect(() => t.app.get(ForgotPasswordService).request('ada@example.com', '127.0.0.1')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    const ws = (await t.admin.post('/workspaces', { name: 'Quiet', plan: 'pro' }).expect(201)).body.id;
    const invited = await t.admin.post(`/workspaces/${ws}/members`, { email: 'ada@example.com', role: 'owner' }).expect(201);
    await expect(t.app.get(InviteEmailsService).send(ws, invited.body, null)).resolves.toBe('off');
  });
});
