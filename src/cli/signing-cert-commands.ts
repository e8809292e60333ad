import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { openPkcs12 } from '../signatures/certificate-bundle';
import { selfSignedPkcs12 } from '../signatures/self-signed';
import { CliError } from './cli-error';
import type { Flags } from './operator-commands';

/** Where a PKCS#12 password may come from without appearing in the process list. */
export const P12_PASSWORD_ENV = 'PDFGEN_P12_PASSWORD';

const DEFAULT_DAYS = 365;

/** The password of --password, else of PDFGEN_P12_PASSWORD; undefined when neither is given. */
export function p12Password(flags: Flags): string | undefined {
  return typeof flags.password === 'string' ? flags.password : process.env[P12_PASSWORD_ENV];
}

/**
 * `pdfgen signing-cert create --name "Acme Ltd" [--days 365] [-o signing.p12]`: a self-signed
 * certificate for tests and trials (no server or database needed). The password is
 * PDFGEN_P12_PASSWORD's (or --password's); without one, a new password is made and printed once.
 */
export async function signingCertCreate(flags: Flags): Promise<string> {
  if (typeof flags.name !== 'string' || flags.name.trim() === '') throw new CliError('signing-cert create needs --name "Signer name"');
  const days = flags.days === undefined ? DEFAULT_DAYS : Number(flags.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new CliError('--days must be a whole number from 1 to 3650');
  const given = p12Password(flags);
  const password = given ?? randomBytes(18).toString('base64url');
  const file = typeof flags.output === 'string' ? flags.output : 'signing.p12';
  const p12 = selfSignedPkcs12({ commonName: flags.name.trim(), days, password });
  await writeFile(file, p12, { mode: 0o600 });
  const { subject, notAfter } = openPkcs12(p12, password);
  const lines = [`${file}: self-signed certificate '${subject}', expires ${notAfter.toISOString()} (for tests and trials: readers trust certificates from a trust service)`];
  if (!given) lines.push(`password: ${password}`, `(shown once: keep it, e.g. export ${P12_PASSWORD_ENV}=... for pdfgen signing-cert set)`);
  return lines.join('\n');
}

