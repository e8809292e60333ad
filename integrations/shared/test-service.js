'use strict';
// For the integrations' tests: the running service (PDFGEN_TEST_BASE_URL) and workspaces made
// through its operator API (PDFGEN_TEST_ADMIN_TOKEN), as the main project's Jest spec starts it.

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through the main project's test/integrations specs`);
  return value;
}

const baseUrl = () => env('PDFGEN_TEST_BASE_URL');

async function call(method, path, { token, key, body } = {}) {
  const headers = { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }), ...(key && { 'X-API-Key': key }) };
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const answer = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A new workspace on `plan` and a key of it. */
async function newWorkspaceKey(plan = 'business') {
  const token = env('PDFGEN_TEST_ADMIN_TOKEN');
  const workspace = await call('POST', '/admin/v1/workspaces', { token, body: { name: `integration-${plan}`, plan } });
  const { key } = await call('POST', `/admin/v1/workspaces/${workspace.id}/keys`, { token, body: {} });
  return key;
}

/** A custom template whose fields are text, an integer, a number, a yes/no and a list of items. */
const RECEIPT = {
  id: 'receipt-test',
  name: 'Receipt (test)',
  schema: {
    type: 'object',
    required: ['customer', 'lines'],
    properties: {
      customer: { type: 'string' },
      copies: { type: 'integer', minimum: 1 },
      discount: { type: ['number', 'null'] },
      paid: { type: 'boolean' },
      currency: { type: 'string', enum: ['EUR', 'USD'] },
      lines: {
        type: 'array',
        items: { type: 'object', required: ['label', 'quantity'], properties: { label: { type: 'string' }, quantity: { type: 'integer' }, price: { type: 'number' } } },
      },
    },
  },
  layout: {
    body: [
      { type: 'text', text: 'Receipt for {{ customer }} ({{ copies }} copies, paid: {{ paid }})', style: 'title' },
      { type: 'table', rows: 'lines', as: 'line', columns: [{ header: 'Item', cell: '{{ line.label }}' }, { header: 'Qty', cell: '{{ line.quantity | times: 2 }}' }] },
    ],
  },
  sampleData: { customer: 'Ada', lines: [{ label: 'Tea', quantity: 1 }] },
};

async function createReceiptTemplate(key) {
  return call('POST', '/api/v1/templates', { key, body: RECEIPT });
}

module.exports = { baseUrl, call, newWorkspaceKey, createReceiptTemplate, RECEIPT };
