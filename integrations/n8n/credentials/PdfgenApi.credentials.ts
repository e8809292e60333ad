import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

export class PdfgenApi implements ICredentialType {
  name = 'pdfgenApi';
  displayName = 'pdfgen API';
  documentationUrl = 'https://github.com/pdfgen/pdfgen/tree/main/integrations/n8n';
  properties: INodeProperties[] = [
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: 'http://localhost:3000',
      placeholder: 'https://pdf.example.com',
      description: 'Where the pdfgen service answers, without /api/v1',
      required: true,
    },
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      placeholder: 'pdfg_...',
      required: true,
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: { headers: { 'X-API-Key': '={{$credentials.apiKey}}' } },
  };

  // The template list answers 401 to a wrong key, so it checks both the URL and the key.
  test: ICredentialTestRequest = {
    request: { baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}', url: '/api/v1/templates' },
  };
}
