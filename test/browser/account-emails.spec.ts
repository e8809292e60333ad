import type { Page } from 'playwright-core';
import { acceptInvite, BrowserTest, expectAccessible, ownerSession, PASSWORD, screenshot, signIn, startBrowserTest, uniqueEmail } from '../support/browser';
import { linkIn, startSmtpServer, TestSmtpServer } from '../support/smtp-server';

/** With SMTP_URL (DECISIONS section 16), against a real SMTP server: Forgot password, and invites by email. */
describe('dashboard: forgot password and invites by email', () => {
  let smtp: TestSmtpServer;
  let b: BrowserTest;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    b = await startBrowserTest({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await b?.close();
    await smtp?.close();
  });

  /** Asks for a reset link on the Forgot password page; lands on "Check your email". */
  const askForLink = async (page: Page, email: string) => {
    await page.goto('/dashboard/forgot-password');
    await page.getByLabel('Email').fill(email);
    await Promise.all([page.waitForURL(/\/dashboard\/forgot-password\/sent$/), page.getByRole('button', { name: 'Email me a reset link' }).click()]);
  };

  it('Forgot password: the mailed link sets a new password once, and ends the other sessions', async () => {
    const ownerPage = await b.newPage();
    const owner = await ownerSession(b, ownerPage, { name: 'Initech' });
    const elsewhere = await b.newPage();
    await signIn(elsewhere, owner.email, PASSWORD);

    const page = await b.newPage();
    await page.goto('/dashboard/sign-in');
    await expectAccessible(page, 'sign in (with Forgot password)');
    await screenshot(page, 'sign-in-forgot-link');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await expectAccessible(page, 'forgot password');
    await screenshot(page, 'forgot-password', { phone: true });
    await askForLink(page, owner.email);
    await expect(page.getByRole('status').filter({ hasText: 'If an account uses that address, a link to choose a new password is on its way.' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'forgot password (sent)');
    await screenshot(page, 'forgot-password-sent', { phone: true });

    const mail = await smtp.waitForMail(owner.email, 'Reset your pdfgen password');
    expect(mail.text).toContain('your pdfgen account ("Initech")');
    expect(mail.text).toContain('(in 1 hour)');
    const link = linkIn(mail, 'reset-password');
    expect(link.startsWith(`${b.baseUrl}/dashboard/reset-password/`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the new password').fill('a brand new password');
    await Promise.all([page.waitForURL(/\/dashboard\/overview$/), page.getByRole('button', { name: 'Set password and sign in' }).click()]);

    // Every other session of theirs is over.
    for (const other of [ownerPage, elsewhere]) {
      await other.goto('/dashboard/keys');
      expect(new URL(other.url()).pathname).toBe('/dashboard/sign-in');
    }
    // The link works once; the old password is gone, the new one signs in.
    const again = await b.newPage();
    expect((await again.goto(link))!.status()).toBe(400);
    await expect(again.getByText('Ask for a new one with "Forgot password?" on the sign-in page').isVisible()).resolves.toBe(true);
    await again.goto('/dashboard/sign-in');
    await again.getByLabel('Email').fill(owner.email);
    await again.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByRole('alert').textContent()).resolves.toContain('Invalid email or password');
    await signIn(again, owner.email, 'a brand new password');
  });

  it('an unknown email reads the same answer and gets no mail; what is not an email is refused at the field', async () => {
    const page = await b.newPage();
    const unknown = uniqueEmail('nobody');
    await askForLink(page, unknown);
    const unknownAnswer = await page.locator('main').innerText();

    // A known email asked for afterwards: the same page, and its mail arriving means the unknown one's turn has passed.
    const owner = await ownerSession(b, await b.newPage());
    const knownPage = await b.newPage();
    await askForLink(knownPage, owner.email);
    expect(await knownPage.locator('main').innerText()).toBe(unknownAnswer);
    await smtp.waitForMail(owner.email, 'Reset your pdfgen password');
    expect(smtp.mailsTo(unknown)).toEqual([]);

    await page.goto('/dashboard/forgot-password');
    await page.getByLabel('Email').fill('not an email');
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Email me a reset link' }).click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('#field-email-error').textContent()).resolves.toBe('email must be an email address of at most 254 characters');
    await expectAccessible(page, 'forgot password (not an email)');
  });

  it("an owner's invite is emailed: the mail carries the workspace, the link shown and its expiry, and the link opens the invite", async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { name: 'Hooli' });
    await page.goto('/dashboard/members');
    await expect(page.getByText('We email them the link, and show it to you too.').isVisible()).resolves.toBe(true);
    const email = uniqueEmail('invitee');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('member');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    await page.getByRole('heading', { name: `Invite link for ${email} (member)` }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: `We emailed this link to ${email}.` }).isVisible()).resolves.toBe(true);
    const shown = (await page.locator('#invite-url').textContent())!.trim();
    await expectAccessible(page, 'members (invite emailed)');
    await screenshot(page, 'members-invite-emailed', { phone: true });

    const mail = await smtp.waitForMail(email, 'Join Hooli on pdfgen');
    expect(mail.text).toContain(`${owner.email} invited you to join the workspace "Hooli" on pdfgen as a member.`);
    expect(mail.text).toContain('(in 7 days)');
    expect(linkIn(mail, 'invite')).toBe(shown);
    const invitee = await b.newPage();
    await acceptInvite(invitee, linkIn(mail, 'invite'));
    await expect(invitee.getByText('Hooli').first().isVisible()).resolves.toBe(true);
  });
});
