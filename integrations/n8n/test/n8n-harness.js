'use strict';
/*
 * Runs the built node as n8n does: n8n-core's ExecuteContext and LoadOptionsContext over an
 * n8n-workflow Workflow, with a credentials helper that applies the credential type's own
 * `authenticate` description the way n8n's server resolves it (expressions over $credentials).
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

// n8n-core keeps its instance settings in the user folder: a throwaway one, not the home directory.
const userFolder = mkdtempSync(join(tmpdir(), 'n8n-user-'));
process.env.N8N_USER_FOLDER = userFolder;
process.on('exit', () => rmSync(userFolder, { recursive: true, force: true }));
const { ExecuteContext, LoadOptionsContext } = require('n8n-core');
const { ICredentialsHelper, NodeHelpers, Workflow, createRunExecutionData } = require('n8n-workflow');
const { Pdfgen } = require('../dist/nodes/Pdfgen/Pdfgen.node');
const { PdfgenApi } = require('../dist/credentials/PdfgenApi.credentials');

const nodeType = new Pdfgen();
const credentialType = new PdfgenApi();
const nodeTypes = {
  getByName: () => nodeType,
  getByNameAndVersion: () => nodeType,
  getKnownTypes: () => ({}),
};

class CredentialsHelper extends ICredentialsHelper {
  constructor(data) {
    super();
    this.data = data;
  }
  getParentTypes() {
    return [];
  }
  async getDecrypted() {
    return { ...this.data };
  }
  async preAuthentication() {
    return undefined;
  }
  async authenticate(credentials, typeName, requestOptions, workflow, node) {
    const resolve = (value) =>
      typeof value === 'string' && value.startsWith('=')
        ? workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '')
        : value;
    const options = { ...requestOptions };
    for (const [part, values] of Object.entries(credentialType.authenticate.properties)) {
      options[part] = { ...options[part] };
      for (const [key, value] of Object.entries(values)) options[part][resolve(key)] = resolve(value);
    }
    return options;
  }
  getCredentialsProperties() {
    return credentialType.properties;
  }
}

function nodeWith(parameters, settings) {
  const node = {
    ...settings,
    id: 'pdfgen-node',
    name: 'pdfgen',
    type: 'n8n-nodes-pdfgen.pdfgen',
    typeVersion: 1,
    position: [0, 0],
    credentials: { pdfgenApi: { id: '1', name: 'pdfgen account' } },
    parameters: {},
  };
  // The parameters as the editor stores them: defaults filled in for what is not set.
  node.parameters = NodeHelpers.getNodeParameters(nodeType.description.properties, parameters, true, false, node, nodeType.description);
  return node;
}

function setUp(credentials, parameters, settings = {}) {
  const node = nodeWith(parameters, settings);
  const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, active: false, nodeTypes });
  const additionalData = { credentialsHelper: new CredentialsHelper(credentials), executionId: 'test-execution', variables: {} };
  return { node, workflow, additionalData };
}

/**
 * Runs the node's execute() on `items` (the JSON of the input items); resolves with its first
 * output. `settings` are the node's own settings, e.g. `{ onError: 'continueRegularOutput' }`.
 */
async function execute({ credentials, parameters, items, settings }) {
  const { node, workflow, additionalData } = setUp(credentials, parameters, settings);
  const input = items.map((json) => ({ json }));
  const executeData = { node, data: { main: [input] }, source: { main: [{ previousNode: 'Manual' }] } };
  const runExecutionData = createRunExecutionData({ executionData: { nodeExecutionStack: [executeData] } });
  const context = new ExecuteContext(workflow, node, additionalData, 'manual', runExecutionData, 0, input, { main: [input] }, executeData, []);
  const [output] = await nodeType.execute.call(context);
  return output;
}

/** Calls one of the node's loadOptions or resourceMapping methods, as the editor does while a workflow is edited. */
async function loadOptions({ credentials, parameters, method }) {
  const { node, workflow, additionalData } = setUp(credentials, parameters);
  const context = new LoadOptionsContext(workflow, node, { ...additionalData, currentNodeParameters: node.parameters }, 'parameters');
  const fn = nodeType.methods.loadOptions[method] ?? nodeType.methods.resourceMapping[method];
  return fn.call(context);
}

/** The credential type's test request (n8n's "Test connection"), its expressions resolved and its authentication applied. */
async function credentialTestRequest(credentials) {
  const { node, workflow, additionalData } = setUp(credentials, {});
  const { baseURL, url } = credentialType.test.request;
  const resolvedBase = workflow.expression.getSimpleParameterValue(node, baseURL, 'internal', { $credentials: credentials }, undefined, '');
  return additionalData.credentialsHelper.authenticate(credentials, 'pdfgenApi', { url: `${resolvedBase}${url}`, headers: {} }, workflow, node);
}

module.exports = { execute, loadOptions, credentialTestRequest };
