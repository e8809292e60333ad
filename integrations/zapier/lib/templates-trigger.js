'use strict';
const { apiBase } = require('./authentication');

/** Every template the key may use (built-ins and the workspace's custom ones): the template dropdown. */
module.exports = {
  key: 'templates',
  noun: 'Template',
  display: { label: 'List Templates', description: 'The templates of your workspace, for the template dropdown.', hidden: true },
  operation: {
    perform: async (z, bundle) => {
      const response = await z.request({ url: `${apiBase(bundle)}/api/v1/templates` });
      return response.data.templates.map((template) => ({ ...template, name: template.custom ? `${template.name} (custom)` : template.name }));
    },
    sample: { id: 'invoice-basic', name: 'Basic Invoice', description: 'Invoice', category: 'invoice', version: '1.0.0', custom: false },
  },
};
