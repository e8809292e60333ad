'use strict';
const { apiBase } = require('./authentication');
const { optionsField, parseOptions } = require('./options');
const { fieldsFor, templateSchema, unflatten } = require('./schema-fields');
const { coerceBySchema } = require('./shared/coerce-by-schema');

const templateField = { key: 'templateId', label: 'Template', required: true, dynamic: 'templates.id.name', altersDynamicFields: true };

/** The chosen template's fields, from its schema. */
async function templateFields(z, bundle) {
  if (!bundle.inputData.templateId) return [];
  return fieldsFor(await templateSchema(z, bundle, bundle.inputData.templateId));
}

/** Zapier gives every value as text: the data as the template's schema types it. */
async function templateData(z, bundle) {
  const { templateId, options, ...fields } = bundle.inputData;
  const schema = await templateSchema(z, bundle, templateId);
  return { templateId, data: coerceBySchema(unflatten(fields), schema), options: parseOptions(z, options) };
}

async function perform(z, bundle) {
  const { templateId, data, options } = await templateData(z, bundle);
  const response = await z.request({
    method: 'POST',
    url: `${apiBase(bundle)}/api/v1/generate`,
    body: { templateId, data, ...(options && { options }), outputFormat: 'url' },
  });
  const answer = response.data;
  // The file is fetched only when a later step uses it (Zapier's file hydration).
  return { ...answer, file: z.dehydrateFile(downloadPdf, { url: answer.pdfUrl }) };
}

/** Hydrator: the hosted PDF, stashed as a Zapier file (hosted files need no key). */
async function downloadPdf(z, bundle) {
  const response = await z.request({ url: bundle.inputData.url, raw: true });
  return z.stashFile(response);
}

module.exports = {
  downloadPdf,
  templateField,
  templateData,
  generatePdf: {
    key: 'generate_pdf',
    noun: 'PDF',
    display: { label: 'Generate PDF', description: 'Makes a PDF from one of your templates: the file and its permanent URL.' },
    operation: {
      inputFields: [templateField, templateFields, optionsField],
      perform,
      sample: { success: true, pdfUrl: 'https://pdf.example.com/files/abc.pdf', templateId: 'invoice-basic', templateVersion: '1.0.0', generatedAt: '2026-03-01T08:00:00.000Z', file: 'https://pdf.example.com/files/abc.pdf' },
      outputFields: [
        { key: 'pdfUrl', label: 'PDF URL', type: 'string' },
        { key: 'file', label: 'PDF file', type: 'file' },
        { key: 'templateId', label: 'Template', type: 'string' },
      ],
    },
  },
};
