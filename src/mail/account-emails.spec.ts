import { inviteEmail, resetEmail, utc } from './account-emails';

describe('account emails', () => {
  const expiresAt = new Date(Date.UTC(2026, 11, 8, 22, 50));

  it('writes an invite as text and HTML: the workspace, the role, the link and its expiry', () => {
    const mail = inviteEmail({ to: 'ada@example.com', workspaceName: 'Acme <Ltd> & "Co"', role: 'owner', inviteUrl: 'https://pdf.example.com/dashboard/invite/abc', expiresAt, invitedBy: 'bob@example.com' });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Join Acme <Ltd> & "Co" on pdfgen');
    expect(mail.text).toContain('bob@example.com invited you to join the workspace "Acme <Ltd> & "Co"" on pdfgen as an owner.');
    expect(mail.text).toContain('Open this link to accept: https://pdf.example.com/dashboard/invite/abc');
    expect(mail.text).toContain('expires on 8 December 2026, 22:50 UTC (in 7 days)');
    expect(mail.html).toContain('Acme &lt;Ltd&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<Ltd>');
    expect(mail.html).toContain('href="https://pdf.example.com/dashboard/invite/abc"');
  });

  it('says when the operator invited', () => {
    const mail = inviteEmail({ to: 'ada@example.com', workspaceName: 'Acme', role: 'member', inviteUrl: 'http://x/dashboard/invite/t', expiresAt, invitedBy: null });
    expect(mail.text).toMatch(/^You are invited to join the workspace "Acme" on pdfgen as a member\./);
  });

  it('writes a reset link with its expiry, the account it is for and that it ends other sessions', () => {
    const mail = resetEmail({ to: 'ada@example.com', resetUrl: 'https://pdf.example.com/dashboard/reset-password/xyz', expiresAt, workspaceNames: ['Acme', 'Globex'] });
    expect(mail.subject).toBe('Reset your pdfgen password');
    expect(mail.text).toContain('your pdfgen account ("Acme", "Globex")');
    expect(mail.text).toContain('Choose a new password: https://pdf.example.com/dashboard/reset-password/xyz');
    expect(mail.text).toContain('expires on 8 December 2026, 22:50 UTC (in 1 hour). Setting a new password signs you out everywhere else.');
    expect(mail.html).toContain('href="https://pdf.example.com/dashboard/reset-password/xyz"');
  });

  it('writes times in UTC, 24-hour', () => {
    expect(utc(new Date(Date.UTC(2026, 0, 2, 3, 4)))).toBe('2 January 2026, 03:04 UTC');
  });
});
