'use strict';

/** The service's URL as the user typed it, without a trailing slash. */
const apiBase = (bundle) => String(bundle.authData.baseUrl).replace(/\/+$/, '');

module.exports = {
  apiBase,
  authentication: {
    type: 'custom',
    fields: [
      { key: 'baseUrl', label: 'Base URL', required: true, type: 'string', helpText: 'Where pdfgen answers, without /api/v1, e.g. https://pdf.example.com' },
      { key: 'apiKey', label: 'API Key', required: true, type: 'password', helpText: 'A key of your workspace, pdfg_...' },
    ],
    // The template list answers 401 to a wrong key, so it checks both the URL and the key.
    test: (z, bundle) => z.request({ url: `${apiBase(bundle)}/api/v1/templates` }).then((response) => response.data),
    connectionLabel: (z, bundle) => apiBase(bundle),
  },
};
