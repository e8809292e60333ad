import { resolveOptions } from '../../engine';
import { MAX_ATTACHMENT_BYTES } from './attachment-rules';
import { documentOptionIssues } from './document-option-rules';

const defaults = { format: 'A4', orientation: 'portrait', margin: { top: '0.5in', right: '0.5in', bottom: '0.5in', left: '0.5in' } } as const;
const messages = (input: Parameters<typeof resolveOptions>[0], templateId = 'invoice-basic', custom = false) =>
  documentOptionIssues(resolveOptions(input, defaults), templateId, custom).map((issue) => issue.message);

describe('documentOptionIssues (DECISIONS section 14)', () => {
  it('makes an e-invoice PDF/A-3b unless told otherwise, and refuses another standard or template', () => {
    expect(resolveOptions({ eInvoice: 'EN16931' }, defaults).pdfStandard).toBe('PDF/A-3b');
    expect(messages({ eInvoice: 'EN16931' })).toEqual([]);
    expect(messages({ eInvoice: 'XRECHNUNG', pdfStandard: ['PDF/UA-1', 'PDF/A-3b'] })).toEqual([]);
    expect(messages({ eInvoice: 'EN16931', pdfStandard: 'PDF/A-2b' })).toEqual(['options.pdfStandard must be PDF/A-3b (or left out) for an e-invoice']);
    expect(messages({ eInvoice: 'EN16931' }, 'weekly-report')).toEqual(['options.eInvoice is only available with invoice-basic']);
    expect(messages({ eInvoice: 'EN16931' }, 'invoice-basic', true)).toEqual(['options.eInvoice is only available with invoice-basic']);
  });

  it('counts attachments by their decoded bytes, at most 5 MiB in all', () => {
    const file = (bytes: number, name: string) => ({ name, contentType: 'application/octet-stream', data: Buffer.alloc(bytes).toString('base64') });
    expect(messages({ attachments: [file(MAX_ATTACHMENT_BYTES / 2, 'a'), file(MAX_ATTACHMENT_BYTES / 2, 'b')] })).toEqual([]);
    expect(messages({ attachments: [file(MAX_ATTACHMENT_BYTES / 2, 'a'), file(MAX_ATTACHMENT_BYTES / 2 + 1, 'b')] })).toEqual(['options.attachments must be at most 5 MiB decoded in all']);
  });
});
