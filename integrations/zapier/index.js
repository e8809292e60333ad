'use strict';
const { version } = require('./package.json');
const { version: platformVersion } = require('zapier-platform-core');
const { authentication } = require('./lib/authentication');
const { addApiKey, throwApiErrors } = require('./lib/middleware');
const templates = require('./lib/templates-trigger');
const { downloadPdf, generatePdf } = require('./lib/generate-pdf');
const createBatch = require('./lib/create-batch');

module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [addApiKey],
  afterResponse: [throwApiErrors],
  hydrators: { downloadPdf },
  triggers: { [templates.key]: templates },
  creates: { [generatePdf.key]: generatePdf, [createBatch.key]: createBatch },
};
