import type { PdfOptions } from '../../engine';
import { EInvoiceProfile, PROFILE_FACTS } from '../../engine/einvoice/einvoice-profile';
import { standardList } from '../../engine/page/pdf-options';
import { base64Bytes, MAX_ATTACHMENT_BYTES } from './attachment-rules';
import type { EnvelopeIssue } from './envelope-issues';
import { passwordProblem } from './pdf-password';

/** The one built-in template that can be an e-invoice. */
export const E_INVOICE_TEMPLATE = 'invoice-basic';

/**
 * The rules of section 14 that the options' schema cannot state: which standards go together,
 * what an e-invoice needs of its file, and what attachments may be.
 */
export function documentOptionIssues(options: PdfOptions, templateId: string, custom: boolean): EnvelopeIssue[] {
  const issues: EnvelopeIssue[] = [];
  const issue = (segments: (string | number)[], message: string) => issues.push({ segments: ['options', ...segments], message, ownMessage: true });
  const standards = standardList(options.pdfStandard);
  if (standards.filter((standard) => standard !== 'PDF/UA-1').length > 1) issue(['pdfStandard'], 'options.pdfStandard must be a list of at most one PDF/A level and PDF/UA-1');
  if (options.eInvoice) {
    if (custom || templateId !== E_INVOICE_TEMPLATE) issue(['eInvoice'], `options.eInvoice is only available with ${E_INVOICE_TEMPLATE}`);
    if (!standards.includes('PDF/A-3b')) issue(['pdfStandard'], 'options.pdfStandard must be PDF/A-3b (or left out) for an e-invoice');
  }
  const archival = standards.find((standard) => standard.startsWith('PDF/A'));
  if (options.encryption && archival) issue(['encryption'], `options.encryption cannot be used with ${archival}: PDF/A forbids encryption`);
  // PDF/UA-1 7.16: assistive technology may always read the text.
  if (standards.includes('PDF/UA-1') && options.encryption?.permissions?.contentAccessibility === false) {
    issue(['encryption', 'permissions', 'contentAccessibility'], 'options.encryption.permissions.contentAccessibility must be true with PDF/UA-1');
  }
  for (const name of ['ownerPassword', 'userPassword'] as const) {
    const password = options.encryption?.[name];
    const problem = password === undefined ? null : passwordProblem(password);
    if (problem) issue(['encryption', name], `options.encryption.${name} cannot be a PDF password: ${problem}`);
  }
  const attachments = options.attachments ?? [];
  if (attachments.length > 0 && standards.includes('PDF/A-2b')) issue(['attachments'], 'options.attachments cannot be embedded in a PDF/A-2b file: use PDF/A-3b');
  const names = new Set<string>(options.eInvoice ? [PROFILE_FACTS[options.eInvoice as EInvoiceProfile].fileName] : []);
  attachments.forEach(({ name }, index) => {
    if (names.has(name)) issue(['attachments', index, 'name'], `options.attachments[${index}].name '${name}' is already used in this document`);
    names.add(name);
  });
  const bytes = attachments.reduce((total, { data }) => total + base64Bytes(data), 0);
  if (bytes > MAX_ATTACHMENT_BYTES) issue(['attachments'], `options.attachments must be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB decoded in all`);
  return issues;
}
