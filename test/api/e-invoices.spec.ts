import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { binary } from '../support/binary';
import { readCii } from '../support/cii-reader';
import { embeddedFiles } from '../support/einvoice-render';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';

type Body = { templateId: string; options: Record<string, unknown>; data: Record<string, any> };
const example = (file: string): Body => JSON.parse(readFileSync(resolve(__dirname, '../../examples/e-invoices', file), 'utf8'));
const german = () => example('de-en16931.json');
const csv = (text: string) => Buffer.from(text).toString('base64');

/** DECISIONS section 14 through the API: e-invoices, their 400s, attachments and standards lists. */
describe('e-invoices and attachments over HTTP (DECISIONS section 14)', () => {
  let t: TestApp;
  let ws: { id: string; key: string };
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
    ws = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const generate = (body: object, key = ws.key) => t.http.post('/api/v1/generate').set('X-API-Key', key).send(body);
  const pdfOf = async (body: object, key = ws.key) => (await generate({ ...body, outputFormat: 'buffer' }, key).buffer(true).parse(binary).expect(200)).body as Buffer;

  it('answers the PDF with the invoice embedded as factur-x.xml, read back field by field', async () => {
    const body = german();
    const xml = embeddedFiles(await pdfOf(body)).get('factur-x.xml')!;
    const cii = readCii(xml);
    expect(cii.ExchangedDocument.ID).toBe('RE-2026-0417');
    const sums = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.SpecifiedTradeSettlementHeaderMonetarySummation;
    expect(sums.GrandTotalAmount).toBe('869.05');
  });

  it('names every missing field with its business term, as 400 Invalid data for template', async () => {
    const body = german();
    delete body.data.currency;
    delete body.data.company.vatId;
    delete body.data.client.postalAddress;
    delete body.data.items[1].taxRate;
    const res = await generate(body);
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual([
      'currency is required for an e-invoice (BT-5)',
      'company.vatId is required for an e-invoice (BT-31)',
      'client.postalAddress is required for an e-invoice (BG-8)',
      'items[1].taxRate is required for an e-invoice (BT-152)',
    ]);
  });

  it('asks XRECHNUNG for the Leitweg-ID, the seller contact and the buyer e-mail', async () => {
    const body = german();
    body.options.eInvoice = 'XRECHNUNG';
    delete body.data.payment.iban;
    delete body.data.client.email;
    const res = await generate(body);
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual([
      'buyerReference is required for an e-invoice (BT-10, the Leitweg-ID)',
      'company.contact.name is required for an e-invoice (BT-41)',
      'company.contact.phone is required for an e-invoice (BT-42)',
      'company.contact.email is required for an e-invoice (BT-43)',
      "client.email is required for an e-invoice (BT-49, the buyer's electronic address)",
    ]);
  });

  it('makes an e-invoice of the sample invoice with what section 14 requires, due on receipt without a due date or terms', async () => {
    const data = {
      ...sample('invoice-basic'),
      currency: 'EUR',
      invoiceDate: '2026-11-27',
      company: { ...sample('invoice-basic').company, vatId: 'DE123456789', postalAddress: { postcode: '10115', city: 'Berlin', country: 'DE' } },
      client: { ...sample('invoice-basic').client, postalAddress: { city: 'Paris', postcode: '75001', country: 'FR' } },
      items: sample('invoice-basic').items.map((item: object) => ({ ...item, taxRate: 19 })),
    };
    const { subtotal: _s, tax: _t, total: _total, dueDate: _d, ...unsummed } = data as typeof data & { subtotal?: number; tax?: number; total?: number; dueDate?: string };
    for (const eInvoice of ['EN16931', 'XRECHNUNG']) {
      const extra = eInvoice === 'XRECHNUNG' ? { buyerReference: '991-01234-56', company: { ...unsummed.company, contact: { name: 'Ada', phone: '+49 30 1', email: 'ada@example.org' } } } : {};
      const pdf = await pdfOf({ templateId: 'invoice-basic', data: { ...unsummed, ...extra }, options: { eInvoice } });
      const xml = embeddedFiles(pdf).get(eInvoice === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml')!;
      expect(readCii(xml).SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.SpecifiedTradePaymentTerms.Description).toBe('Due on receipt');
    }
  });

  it('accepts only the codes the EN 16931 code lists hold: currency, countries, units', async () => {
    const body = german();
    body.data.currency = 'DEM';
    body.data.client.postalAddress.country = 'XK';
    body.data.items[2].unitCode = 'QQQ';
    const res = await generate(body);
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual([
      "currency 'DEM' is not an ISO 4217 code that an e-invoice accepts (BR-CL-03)",
      "client.postalAddress.country 'XK' is not an ISO 3166-1 country code (BR-CL-14)",
      "items[2].unitCode 'QQQ' is not a UN/ECE Recommendation 20 or 21 unit code (BR-CL-23)",
    ]);
  });

  it('checks categories against rates and reasons, and reverse charge against VAT ids', async () => {
    const body = german();
    body.data.items[0] = { ...body.data.items[0], taxRate: 0, taxCategory: 'AE' };
    body.data.items[1] = { ...body.data.items[1], taxRate: 19, taxCategory: 'Z' };
    body.data.items[2] = { ...body.data.items[2], taxRate: 7, taxCategory: 'K', taxExemptionReason: 'Intra-community supply' };
    delete body.data.client.vatId;
    const res = await generate(body);
    expect(res.body.validationErrors).toEqual([
      'items[0].taxExemptionReason is required for tax category AE (BR-AE-10)',
      'client.vatId is required for a reverse-charge line (items[0], BR-AE-02)',
      'items[1].taxRate must be 0 for tax category Z (BR-Z-05)',
      'items[2].taxRate must be 0 for tax category K (BR-IC-05)',
      'client.vatId is required for an intra-community line (items[2], BR-IC-02)',
    ]);
  });

  it('refuses sums that do not add up, naming the first, while a plain PDF prints them', async () => {
    const body = german();
    body.data.subtotal = 734.3;
    body.data.tax = 134.74;
    body.data.total = 900;
    const res = await generate(body);
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual(['tax (134.74) does not equal the sum of the tax of each category and rate (BR-CO-14): 134.75']);
    body.data.items[0].amount = 322.5;
    expect((await generate(body)).body.validationErrors).toEqual(['items[0].amount (322.5) does not equal quantity x unitPrice (322.00) (BT-131)']);
    await generate({ ...body, options: { format: 'A4' } }).expect(200);
  });

  it('refuses quotes and receipts as e-invoices, and an e-invoice of another template or standard', async () => {
    const quote = german();
    quote.data.documentType = 'quote';
    expect((await generate(quote)).body.validationErrors).toEqual(["documentType 'quote' cannot be an e-invoice: use invoice or credit-note"]);

    const report = await generate({ templateId: 'weekly-report', data: sample('weekly-report'), options: { eInvoice: 'EN16931' } });
    expectError(report, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(report.body.validationErrors).toEqual(['options.eInvoice is only available with invoice-basic']);

    for (const pdfStandard of ['PDF/A-2b', 'PDF/UA-1', ['PDF/A-2b', 'PDF/UA-1']]) {
      const res = await generate({ ...german(), options: { eInvoice: 'EN16931', pdfStandard } });
      expect(res.body.validationErrors).toEqual(['options.pdfStandard must be PDF/A-3b (or left out) for an e-invoice']);
    }
    const unknown = await generate({ ...german(), options: { eInvoice: 'ZUGFERD-BASIC' } });
    expect(unknown.body.validationErrors).toEqual(['options.eInvoice must be one of: EN16931, XRECHNUNG']);
  });

  it('takes pdfStandard as a list of at most one PDF/A level and PDF/UA-1', async () => {
    const both = await pdfOf({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { pdfStandard: ['PDF/A-3b', 'PDF/UA-1'] } });
    expect(both.toString('latin1')).toContain('<pdfuaid:part>1</pdfuaid:part>');
    expect(both.toString('latin1')).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    const two = await generate({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { pdfStandard: ['PDF/A-2b', 'PDF/A-3b'] } });
    expectError(two, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(two.body.validationErrors).toEqual(['options.pdfStandard must be a list of at most one PDF/A level and PDF/UA-1']);
    for (const pdfStandard of [[], ['PDF/UA-1', 'PDF/UA-1'], ['PDF/A-1b'], ['PDF/A-3b', 'PDF/UA-1', 'PDF/A-2b']]) {
      const res = await generate({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { pdfStandard } });
      expect([pdfStandard, res.body.validationErrors]).toEqual([pdfStandard, ['options.pdfStandard must be one of: PDF/A-2b, PDF/A-3b, PDF/UA-1, or a list of at most one PDF/A level and PDF/UA-1']]);
    }
    for (const pdfStandard of ['PDF/X-4', 7]) {
      const single = await generate({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { pdfStandard } });
      expect(single.body.validationErrors).toEqual(['options.pdfStandard must be one of: PDF/A-2b, PDF/A-3b, PDF/UA-1']);
    }
  });

  it('embeds attachments in plain PDFs and PDF/A-3b, and refuses them with PDF/A-2b or when unsound', async () => {
    const attachments = [
      { name: 'timesheet.csv', contentType: 'text/csv', data: csv('date,hours\n2026-11-02,8\n'), description: 'Hours of November' },
      { name: 'Übersicht März.txt', contentType: 'text/plain', data: csv('Grüße') },
    ];
    for (const options of [{ attachments }, { attachments, pdfStandard: 'PDF/A-3b' }, { attachments, eInvoice: 'EN16931' }]) {
      const body = options.eInvoice ? german() : { templateId: 'invoice-basic', data: sample('invoice-basic') };
      const files = embeddedFiles(await pdfOf({ ...body, options }));
      expect(files.get('timesheet.csv')?.toString()).toBe('date,hours\n2026-11-02,8\n');
      expect(files.get('Übersicht März.txt')?.toString()).toBe('Grüße');
      expect(files.has('factur-x.xml')).toBe(options.eInvoice !== undefined);
    }
    const cases: [object, string][] = [
      [{ attachments, pdfStandard: 'PDF/A-2b' }, 'options.attachments cannot be embedded in a PDF/A-2b file: use PDF/A-3b'],
      [{ attachments: [attachments[0], attachments[0]] }, "options.attachments[1].name 'timesheet.csv' is already used in this document"],
      [{ attachments: [{ ...attachments[0], name: 'a/b.csv' }] }, 'options.attachments[0].name must be a file name of 1 to 100 characters without / or \\'],
      [{ attachments: [{ ...attachments[0], contentType: 'csv' }] }, 'options.attachments[0].contentType must be a MIME type such as text/csv or application/pdf'],
      [{ attachments: [{ ...attachments[0], data: 'not base64!' }] }, 'options.attachments[0].data must be base64 of at most 5 MiB'],
      [{ attachments: [{ name: 'x.txt', data: csv('x') }] }, 'options.attachments[0].contentType must be a MIME type such as text/csv or application/pdf'],
      [{ attachments: Array.from({ length: 11 }, (_, i) => ({ ...attachments[0], name: `${i}.csv` })) }, 'options.attachments must be a list of at most 10 files'],
    ];
    for (const [options, message] of cases) {
      const res = await generate({ templateId: 'invoice-basic', data: sample('invoice-basic'), options });
      expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
      expect([options, res.body.validationErrors]).toEqual([options, [message]]);
    }
    const clash = await generate({ ...german(), options: { eInvoice: 'EN16931', attachments: [{ ...attachments[0], name: 'factur-x.xml' }] } });
    expect(clash.body.validationErrors).toEqual(["options.attachments[0].name 'factur-x.xml' is already used in this document"]);
  });

  it('works unchanged with idempotency, test keys and webhooks', async () => {
    const body = { ...example('xrechnung-public-buyer.json'), outputFormat: 'base64' };
    const first = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).set('Idempotency-Key', 'xr-1').send(body).expect(200);
    const again = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).set('Idempotency-Key', 'xr-1').send(body).expect(200);
    expect(again.body.base64).toBe(first.body.base64);
    expect(embeddedFiles(Buffer.from(first.body.base64, 'base64')).has('xrechnung.xml')).toBe(true);

    const testKey = (await t.admin.post(`/workspaces/${ws.id}/keys`, { mode: 'test' }).expect(201)).body.key;
    const watermarked = await pdfOf(example('credit-note.json'), testKey);
    expect(readCii(embeddedFiles(watermarked).get('factur-x.xml')!).ExchangedDocument.TypeCode).toBe('381');

    const queued = await generate({ ...example('reverse-charge.json'), webhook: { url: receiver.url() } }).expect(202);
    const [delivery] = await receiver.waitForJob(queued.body.jobId, 1, 30_000);
    const pdfUrl = new URL((delivery.body as { pdfUrl: string }).pdfUrl);
    const file = await t.http.get(pdfUrl.pathname).buffer(true).parse(binary).expect(200);
    const cii = readCii(embeddedFiles(file.body as Buffer).get('factur-x.xml')!);
    expect(cii.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.ApplicableTradeTax[0].CategoryCode).toBe('AE');
  });
});
