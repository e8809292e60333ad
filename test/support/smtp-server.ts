import type { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it: who the envelope was for, and the parsed message. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: the app's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The mails the envelope addressed to `to` so far (with `subject` only, those with that subject). */
  mailsTo(to: string, subject?: string): ParsedMail[];
  /** The first mail to `to` (with `subject`), waiting up to 10 s for it. */
  waitForMail(to: string, subject?: string): Promise<ParsedMail>;
  /** The first `count` mails to `to` (with `subject`), waiting up to 10 s for them. */
  waitForMails(to: string, count: number, subject?: string): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server, the nodemailer project's) on 127.0.0.1 for the app's SMTP_URL;
 * it parses every mail with mailparser. No TLS and no authentication: it stays on the loopback.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), mail });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (to: string, subject?: string) =>
    received.filter((r) => r.to.includes(to.toLowerCase()) && (subject === undefined || r.mail.subject === subject)).map((r) => r.mail);
  const waitForMails = (to: string, count: number, subject?: string) =>
    new Promise<ParsedMail[]>((resolve, reject) => {
      const timeoutMs = 10_000;
      const check = () => {
        const mails = mailsTo(to, subject);
        if (mails.length < count) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(mails.slice(0, count));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`not ${count} mail(s) to ${to} within ${timeoutMs} ms (received: ${received.map((r) => r.to.join(',')).join('; ') || 'none'})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    waitForMails,
    waitForMail: async (to, subject) => (await waitForMails(to, 1, subject))[0],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first dashboard link (`/dashboard/<kind>/<token>`) in a mail's text. */
export function linkIn(mail: ParsedMail, kind: 'invite' | 'reset-password'): string {
  const match = new RegExp(`https?://\\S+/dashboard/${kind}/[A-Za-z0-9_-]{43}`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${kind} link in the mail:\n${mail.text}`);
  return match[0];
}
