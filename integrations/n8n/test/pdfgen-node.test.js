'use strict';
const { before, describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { NodeApiError } = require('n8n-workflow');
const { credentialTestRequest, execute, loadOptions } = require('./n8n-harness');
const { baseUrl, call, createReceiptTemplate, newWorkspaceKey } = require('../../shared/test-service');

const mapped = (value) => ({ mappingMode: 'defineBelow', value });

/** An invoice as a form fills it: every number is text. */
const invoiceFields = {
  invoiceNumber: 'INV-n8n-1',
  client: { name: 'Globex' },
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
  assert.fail('expected the node to fail');
}

describe('the pdfgen n8n node against the running service', () => {
  let credentials;
  before(async () => {
    const key = await newWorkspaceKey('business');
    await createReceiptTemplate(key);
    // A trailing slash, as users paste URLs: the node takes it off.
    credentials = { baseUrl: `${baseUrl()}/`, apiKey: key };
  });

  it("tests the connection with the credential's own request: 200 with the key, 401 with a wrong one", async () => {
    const request = await credentialTestRequest(credentials);
    assert.equal(request.url, `${baseUrl()}/api/v1/templates`);
    assert.equal((await fetch(request.url, { headers: request.headers })).status, 200);
    const wrong = await credentialTestRequest({ ...credentials, apiKey: 'pdfg_00000000-0000-4000-8000-000000000000' });
    assert.equal((await fetch(wrong.url, { headers: wrong.headers })).status, 401);
  });

  it('lists the built-in templates and the custom one of the workspace', async () => {
    const options = await loadOptions({ credentials, parameters: {}, method: 'getTemplates' });
    assert.deepEqual(
      options.map((option) => option.value),
      ['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard', 'receipt-test'],
    );
    assert.equal(options.at(-1).name, 'Receipt (test) (custom)');
  });

  it("offers the fields of the chosen template's schema", async () => {
    const { fields } = await loadOptions({ credentials, parameters: { templateId: 'invoice-basic' }, method: 'getTemplateFields' });
    const byId = Object.fromEntries(fields.map((field) => [field.id, field]));
    assert.deepEqual(
      ['invoiceNumber', 'client', 'items'].map((id) => [id, byId[id].required, byId[id].type]),
      [['invoiceNumber', true, 'string'], ['client', true, 'object'], ['items', true, 'array']],
    );
    assert.equal(byId.tax.type, 'number');
    assert.equal(byId.tax.required, false);
    assert.deepEqual(byId.status.options.map((option) => option.value), ['paid', 'overdue']);
  });

  it("offers a custom template's fields with their types", async () => {
    const { fields } = await loadOptions({ credentials, parameters: { templateId: 'receipt-test' }, method: 'getTemplateFields' });
    assert.deepEqual(
      fields.map((field) => [field.id, field.type, field.required]),
      [['customer', 'string', true], ['copies', 'number', false], ['discount', 'number', false], ['paid', 'boolean', false], ['currency', 'options', false], ['lines', 'array', true]],
    );
  });

  it('generates a PDF from text numbers mapped from the input item: the file as binary data and its URL in the JSON', async () => {
    // As a workflow maps them: expressions over the item an earlier node (a form, a sheet) gave, all text.
    const fields = mapped({ invoiceNumber: '={{ $json.number }}', client: '={{ { name: $json.customer } }}', items: '={{ $json.lines }}', tax: '={{ $json.tax }}' });
    const input = { number: 'INV-n8n-1', customer: 'Globex', lines: invoiceFields.items, tax: '120' };
    const [item] = await execute({ credentials, items: [input], parameters: { operation: 'generate', templateId: 'invoice-basic', fields } });
    assert.equal(item.json.success, true);
    assert.equal(item.json.templateId, 'invoice-basic');
    assert.match(item.json.pdfUrl, /\/files\/[\w-]+\.pdf$/);
    const { data } = item.binary;
    assert.equal(data.mimeType, 'application/pdf');
    assert.match(data.fileName, /^invoice-basic-.+\.pdf$/);
    const bytes = Buffer.from(data.data, 'base64');
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    // The binary data is the hosted file itself.
    const hosted = Buffer.from(await (await fetch(item.json.pdfUrl.replace(/^https?:\/\/[^/]+/, baseUrl()))).arrayBuffer());
    assert.ok(bytes.equals(hosted));
  });

  it("converts a custom template's integer, number, yes/no and nested list items from text, one PDF per input item", async () => {
    const fields = mapped({ customer: 'Ada', copies: '2', discount: '1.5', paid: 'true', currency: 'EUR', lines: [{ label: 'Tea', quantity: '3', price: '2.40' }] });
    const output = await execute({ credentials, items: [{}, {}], parameters: { operation: 'generate', templateId: 'receipt-test', fields, download: false } });
    assert.equal(output.length, 2);
    for (const [index, item] of output.entries()) {
      assert.equal(item.json.templateId, 'receipt-test');
      assert.equal(item.binary, undefined);
      assert.deepEqual(item.pairedItem, { item: index });
    }
    const { generations } = await call('GET', '/api/v1/generations', { key: credentials.apiKey });
    assert.equal(generations.filter((record) => record.templateId === 'receipt-test' && record.status === 'succeeded').length, 2);
  });

  it("surfaces the API's error as a NodeApiError with the contract's message and the fields at fault", async () => {
    const fields = mapped({ ...invoiceFields, client: { address: 'no name' }, items: [{ description: 'Consulting', quantity: 'ten', unitPrice: '150' }] });
    const error = await rejection(execute({ credentials, items: [{}], parameters: { operation: 'generate', templateId: 'invoice-basic', fields } }));
    assert.ok(error instanceof NodeApiError);
    assert.equal(error.message, 'Invalid data for template');
    assert.equal(error.httpCode, '400');
    assert.match(error.description, /Missing required field: client\.name/);
    assert.match(error.description, /Field 'items\[0\]\.quantity' must be number/);
  });

  it('with "On Error: Continue", outputs the error for the item at fault and goes on with the others', async () => {
    const fields = mapped({ invoiceNumber: '={{ $json.number }}', client: { name: 'Globex' }, items: '={{ $json.lines }}' });
    const items = [
      { number: 'INV-ok', lines: [{ description: 'Consulting', quantity: '1' }] },
      { number: 'INV-bad', lines: [{ description: 'Consulting', quantity: 'one' }] },
    ];
    const parameters = { operation: 'generate', templateId: 'invoice-basic', fields, download: false };
    const [good, bad] = await execute({ credentials, items, parameters, settings: { onError: 'continueRegularOutput' } });
    assert.match(good.json.pdfUrl, /\.pdf$/);
    assert.deepEqual(bad, { json: { error: 'Invalid data for template', description: "Field 'items[0].quantity' must be number" }, pairedItem: { item: 1 } });
  });

  it('surfaces a wrong key as a NodeApiError', async () => {
    const error = await rejection(loadOptions({ credentials: { ...credentials, apiKey: 'pdfg_00000000-0000-4000-8000-000000000000' }, parameters: {}, method: 'getTemplates' }));
    assert.ok(error instanceof NodeApiError);
    assert.equal(error.httpCode, '401');
    assert.equal(error.message, 'Invalid or inactive API key');
  });

  it('refuses options that are not JSON, naming the parameter', async () => {
    const parameters = { operation: 'generate', templateId: 'invoice-basic', fields: mapped(invoiceFields), options: '{format: A4}' };
    const error = await rejection(execute({ credentials, items: [{}], parameters }));
    assert.equal(error.message, 'Options must be JSON, e.g. {"format": "A4"}');
  });

  it('passes PDF options through to the API', async () => {
    const parameters = { operation: 'generate', templateId: 'invoice-basic', fields: mapped(invoiceFields), options: '{"format": "Tabloid"}', download: false };
    const error = await rejection(execute({ credentials, items: [{}], parameters }));
    assert.equal(error.message, 'Invalid request');
    assert.match(error.description, /options\.format/);
  });

  it('creates one batch of all input items and the batch renders them', async () => {
    const parameters = { operation: 'batch', templateId: 'receipt-test', merge: true, fields: mapped({ customer: 'Ada', lines: [{ label: 'Tea', quantity: '1' }] }) };
    const [item] = await execute({ credentials, items: [{}, {}, {}], parameters });
    assert.equal(item.json.success, true);
    assert.equal(item.json.items, 3);
    assert.deepEqual(item.pairedItem, [{ item: 0 }, { item: 1 }, { item: 2 }]);
    let batch;
    for (let tries = 0; tries < 200; tries++) {
      batch = await call('GET', `/api/v1/batches/${item.json.batchId}`, { key: credentials.apiKey });
      if (batch.finishedAt) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    assert.equal(batch.status, 'succeeded');
    assert.match(batch.mergedPdfUrl, /\.pdf$/);
  });

  it("refuses a batch on the Free plan with the contract's message", async () => {
    const free = { ...credentials, apiKey: await newWorkspaceKey('free') };
    const parameters = { operation: 'batch', templateId: 'invoice-basic', fields: mapped(invoiceFields) };
    const error = await rejection(execute({ credentials: free, items: [{}], parameters }));
    assert.ok(error instanceof NodeApiError);
    assert.equal(error.message, 'Batches require the Pro plan or above');
  });
});
