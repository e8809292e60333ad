import type { Role } from '../accounts/roles';
import type { Mail } from './mailer';

export interface InviteEmail {
  to: string;
  workspaceName: string;
  role: Role;
  inviteUrl: string;
  expiresAt: Date;
  /** Who invited them (an owner's email); null when the operator did. */
  invitedBy: string | null;
}

export interface ResetEmail {
  to: string;
  resetUrl: string;
  expiresAt: Date;
  /** The person's workspaces, to say which account the link is for. */
  workspaceNames: string[];
}

/** An invite: the workspace, the role, the link and when it expires, as plain text and simple HTML. */
export function inviteEmail(invite: InviteEmail): Mail {
  const who = invite.invitedBy ? `${invite.invitedBy} invited you` : 'You are invited';
  const lead = `${who} to join the workspace "${invite.workspaceName}" on pdfgen as ${article(invite.role)} ${invite.role}.`;
  const expiry = `The link works once and expires on ${utc(invite.expiresAt)} (in 7 days).`;
  const ignore = 'If you were not expecting this invite, ignore this email.';
  return {
    to: invite.to,
    subject: `Join ${invite.workspaceName} on pdfgen`,
    text: [lead, `Open this link to accept: ${invite.inviteUrl}`, expiry, ignore].join('\n\n') + '\n',
    html: page([paragraph(lead), button(invite.inviteUrl, `Join ${invite.workspaceName}`), linkLine(invite.inviteUrl), paragraph(expiry), paragraph(ignore)]),
  };
}

/** A "Forgot password" link: the link, its expiry, and what using it does. */
export function resetEmail(reset: ResetEmail): Mail {
  const of = reset.workspaceNames.length > 0 ? ` (${reset.workspaceNames.map((name) => `"${name}"`).join(', ')})` : '';
  const lead = `Someone asked to reset the password of your pdfgen account${of}.`;
  const expiry = `The link works once and expires on ${utc(reset.expiresAt)} (in 1 hour). Setting a new password signs you out everywhere else.`;
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';
  return {
    to: reset.to,
    subject: 'Reset your pdfgen password',
    text: [lead, `Choose a new password: ${reset.resetUrl}`, expiry, ignore].join('\n\n') + '\n',
    html: page([paragraph(lead), button(reset.resetUrl, 'Choose a new password'), linkLine(reset.resetUrl), paragraph(expiry), paragraph(ignore)]),
  };
}

/** "8 December 2026, 22:50 UTC": one way of writing a time for every reader. */
export function utc(date: Date): string {
  const month = date.toLocaleString('en-GB', { timeZone: 'UTC', month: 'long' });
  const time = date.toISOString().slice(11, 16);
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${time} UTC`;
}

function article(role: Role): string {
  return role === 'owner' ? 'an' : 'a';
}

function page(parts: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328;">${parts.join('')}</body></html>`;
}

function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: #1f4fd1; color: #ffffff; border-radius: 6px; text-decoration: none; font-weight: 600;">${escapeHtml(label)}</a></p>`;
}

/** The link written out too, for mail readers that hide buttons. */
function linkLine(href: string): string {
  return `<p style="font-size: 14px; color: #59636e;">Or copy this address into your browser: <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
}

/** Workspace names and emails are people's text: escaped wherever they meet HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
