'use strict';
const { apiBase } = require('./authentication');
const { optionsField, parseOptions } = require('./options');
const { templateField } = require('./generate-pdf');
const { templateSchema } = require('./schema-fields');
const { coerceBySchema } = require('./shared/coerce-by-schema');

/** One document's data, a JSON object: the data of one batch item. */
function itemData(z, text, index) {
  let data = text;
  if (typeof text === 'string') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new z.errors.Error(`Document ${index + 1} must be JSON, e.g. {"invoiceNumber": "INV-1"}`, 'INVALID_DOCUMENT', 400);
    }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new z.errors.Error(`Document ${index + 1} must be a JSON object, e.g. {"invoiceNumber": "INV-1"}`, 'INVALID_DOCUMENT', 400);
  }
  return data;
}

async function perform(z, bundle) {
  const { templateId, documents, merge, options } = bundle.inputData;
  const schema = await templateSchema(z, bundle, templateId);
  const itemOptions = parseOptions(z, options);
  const items = (documents ?? []).map((text, index) => ({
    templateId,
    data: coerceBySchema(itemData(z, text, index), schema),
    ...(itemOptions && { options: itemOptions }),
  }));
  const response = await z.request({ method: 'POST', url: `${apiBase(bundle)}/api/v1/batches`, body: { items, merge: Boolean(merge) } });
  return response.data;
}

module.exports = {
  key: 'create_batch',
  noun: 'Batch',
  display: { label: 'Create Batch', description: 'Queues many PDFs of one template at once (Pro plan and above), optionally merged into one more PDF.' },
  operation: {
    inputFields: [
      templateField,
      { key: 'documents', label: 'Documents', type: 'text', list: true, required: true, helpText: "One JSON object per document: the template's data. Numbers given as text are converted as its schema says." },
      { key: 'merge', label: 'Merge Into One PDF', type: 'boolean', required: false, default: 'false' },
      optionsField,
    ],
    perform,
    sample: { success: true, batchId: '6d0a3c1e-2f4b-4a8e-9c1d-0e5f6a7b8c9d', items: 2 },
    outputFields: [{ key: 'batchId', label: 'Batch ID', type: 'string' }, { key: 'items', label: 'Items', type: 'integer' }],
  },
};
