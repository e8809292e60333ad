'use strict';
// zapier-platform-core runs as in its tests (no memory reports on stdout) when NODE_ENV is test.
process.env.NODE_ENV = 'test';
const { before, describe, it } = require('node:test');
const assert = require('node:assert/strict');
const zapier = require('zapier-platform-core');
// The check zapier-platform-core runs on an app before it runs it (not exported at the top; the version is pinned).
const { validateApp } = require('zapier-platform-core/src/tools/schema');
const App = require('../index');
const { baseUrl, call, createReceiptTemplate, newWorkspaceKey } = require('../../shared/test-service');

const appTester = zapier.createAppTester(App);

/** An invoice as Zapier hands it over: every value is text, objects as dotted keys. */
const invoiceInput = {
  templateId: 'invoice-basic',
  invoiceNumber: 'INV-zap-1',
  'client.name': 'Globex',
  items: [
    { description: 'Consulting', quantity: '10', unitPrice: '150' },
    { description: 'Travel', quantity: '1', unitPrice: '99.5', taxRate: '19' },
  ],
  tax: '120',
};

async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected the action to fail');
}

/** The pointer z.dehydrateFile returns: Zapier runs the named hydrator when a later step uses the file. */
function dehydrated(pointer) {
  const [, json] = pointer.match(/^hydrate\|\|\|(.*)\|\|\|hydrate$/);
  return JSON.parse(json);
}

describe('the pdfgen Zapier app against the running service', () => {
  let authData;
  before(async () => {
    const key = await newWorkspaceKey('business');
    await createReceiptTemplate(key);
    authData = { baseUrl: `${baseUrl()}/`, apiKey: key };
  });

  it('is a valid Zapier app definition', () => {
    assert.deepEqual(validateApp(App).map((error) => error.stack), []);
  });

  it('tests the connection, and refuses a wrong key asking to reconnect', async () => {
    const answer = await appTester(App.authentication.test, { authData });
    assert.equal(answer.templates.length, 5);
    const error = await rejection(appTester(App.authentication.test, { authData: { ...authData, apiKey: 'pdfg_00000000-0000-4000-8000-000000000000' } }));
    assert.ok(error instanceof zapier.errors.ExpiredAuthError);
    assert.equal(error.message.split('\n')[0], 'Invalid or inactive API key');
  });

  it('lists the built-in templates and the custom one in the template dropdown', async () => {
    const templates = await appTester(App.triggers.templates.operation.perform, { authData });
    assert.deepEqual(
      templates.map((template) => template.id),
      ['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard', 'receipt-test'],
    );
    assert.equal(templates.at(-1).name, 'Receipt (test) (custom)');
  });

  it("offers the chosen template's fields from its schema: dotted objects, line items, types and choices", async () => {
    const [, dynamicFields] = App.creates.generate_pdf.operation.inputFields;
    const fields = await appTester(dynamicFields, { authData, inputData: { templateId: 'invoice-basic' } });
    const byKey = Object.fromEntries(fields.map((field) => [field.key, field]));
    assert.equal(byKey.invoiceNumber.required, true);
    assert.equal(byKey['client.name'].required, true);
    assert.equal(byKey['client.address'].required, false);
    assert.equal(byKey.tax.type, 'number');
    assert.deepEqual(byKey.status.choices, ['paid', 'overdue']);
    const items = byKey.items;
    assert.equal(items.required, true);
    assert.deepEqual(
      items.children.filter((child) => ['description', 'quantity'].includes(child.key)).map((child) => [child.key, child.type, child.required]),
      [['description', 'string', true], ['quantity', 'number', false]],
    );
    assert.deepEqual(await appTester(dynamicFields, { authData, inputData: {} }), []);
  });

  it("offers a custom template's fields with their types", async () => {
    const [, dynamicFields] = App.creates.generate_pdf.operation.inputFields;
    const fields = await appTester(dynamicFields, { authData, inputData: { templateId: 'receipt-test' } });
    assert.deepEqual(
      fields.map((field) => [field.key, field.type ?? 'line items', field.required]),
      [['customer', 'string', true], ['copies', 'integer', false], ['discount', 'number', false], ['paid', 'boolean', false], ['currency', 'string', false], ['lines', 'line items', true]],
    );
  });

  it('generates a PDF from text numbers: its URL and the file, hydrated from that URL', async () => {
    const answer = await appTester(App.creates.generate_pdf.operation.perform, { authData, inputData: invoiceInput });
    assert.equal(answer.success, true);
    assert.equal(answer.templateId, 'invoice-basic');
    assert.match(answer.pdfUrl, /\/files\/[\w-]+\.pdf$/);
    const pointer = dehydrated(answer.file);
    assert.equal(pointer.type, 'file');
    assert.equal(pointer.method, 'hydrators.downloadPdf');
    assert.equal(pointer.bundle.url, answer.pdfUrl);
    const pdf = Buffer.from(await (await fetch(answer.pdfUrl.replace(/^https?:\/\/[^/]+/, baseUrl()))).arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  });

  it("converts a custom template's integer, number, yes/no and line items from text", async () => {
    const inputData = { templateId: 'receipt-test', customer: 'Ada', copies: '2', discount: '1.5', paid: 'false', currency: 'USD', lines: [{ label: 'Tea', quantity: '3', price: '2.40' }] };
    const answer = await appTester(App.creates.generate_pdf.operation.perform, { authData, inputData });
    assert.equal(answer.templateId, 'receipt-test');
    const { generations } = await call('GET', '/api/v1/generations', { key: authData.apiKey });
    assert.equal(generations.filter((record) => record.templateId === 'receipt-test' && record.status === 'succeeded').length, 1);
  });

  it("fails with a Zapier error carrying the API's message, code and the fields at fault", async () => {
    const inputData = { ...invoiceInput, 'client.name': undefined, 'client.address': 'no name', items: [{ description: 'Consulting', quantity: 'ten' }] };
    const error = await rejection(appTester(App.creates.generate_pdf.operation.perform, { authData, inputData }));
    assert.ok(error instanceof zapier.errors.Error);
    const { message, code, status } = JSON.parse(error.message);
    assert.equal(status, 400);
    assert.equal(code, 'INVALID_DATA');
    assert.match(message, /^Invalid data for template: /);
    assert.match(message, /Missing required field: client\.name/);
    assert.match(message, /Field 'items\[0\]\.quantity' must be number/);
  });

  it('refuses options that are not JSON, and passes PDF options to the API', async () => {
    const perform = App.creates.generate_pdf.operation.perform;
    const notJson = await rejection(appTester(perform, { authData, inputData: { ...invoiceInput, options: '{format: A4}' } }));
    assert.equal(JSON.parse(notJson.message).message, 'Options must be JSON, e.g. {"format": "A4"}');
    const refused = await rejection(appTester(perform, { authData, inputData: { ...invoiceInput, options: '{"format": "Tabloid"}' } }));
    assert.match(JSON.parse(refused.message).message, /^Invalid request: options\.format/);
  });

  it('creates a batch of documents given as JSON text, numbers as text, and the batch renders them', async () => {
    const documents = [
      JSON.stringify({ customer: 'Ada', copies: '1', lines: [{ label: 'Tea', quantity: '1' }] }),
      JSON.stringify({ customer: 'Grace', paid: 'true', lines: '[{"label": "Coffee", "quantity": "2"}]' }),
    ];
    const answer = await appTester(App.creates.create_batch.operation.perform, { authData, inputData: { templateId: 'receipt-test', documents, merge: 'true' } });
    assert.equal(answer.success, true);
    assert.equal(answer.items, 2);
    let batch;
    for (let tries = 0; tries < 200; tries++) {
      batch = await call('GET', `/api/v1/batches/${answer.batchId}`, { key: authData.apiKey });
      if (batch.finishedAt) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    assert.equal(batch.status, 'succeeded');
    assert.match(batch.mergedPdfUrl, /\.pdf$/);
  });

  it('refuses a batch document that is not JSON, and a batch on the Free plan', async () => {
    const perform = App.creates.create_batch.operation.perform;
    const notJson = await rejection(appTester(perform, { authData, inputData: { templateId: 'receipt-test', documents: ['customer: Ada'] } }));
    assert.equal(JSON.parse(notJson.message).message, 'Document 1 must be JSON, e.g. {"invoiceNumber": "INV-1"}');
    const free = { ...authData, apiKey: await newWorkspaceKey('free') };
    const refused = await rejection(appTester(perform, { authData: free, inputData: { templateId: 'invoice-basic', documents: [JSON.stringify({ invoiceNumber: '1' })] } }));
    assert.equal(JSON.parse(refused.message).message, 'Batches require the Pro plan or above');
  });
});
