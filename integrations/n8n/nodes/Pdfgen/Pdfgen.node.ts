import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { createBatch } from './create-batch';
import { generatePdf } from './generate-pdf';
import { getTemplateFields, getTemplates } from './template-fields';

export class Pdfgen implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'pdfgen',
    name: 'pdfgen',
    icon: 'file:pdfgen.svg',
    group: ['output'],
    version: 1,
    subtitle: '={{$parameter["operation"]}}',
    description: 'Generate PDFs from pdfgen templates',
    defaults: { name: 'pdfgen' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'pdfgenApi', required: true }],
    properties: [
      {
        displayName: 'Operation',
        name: 'operation',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'Generate PDF', value: 'generate', action: 'Generate a PDF', description: 'One PDF per input item' },
          { name: 'Create Batch', value: 'batch', action: 'Create a batch', description: 'One batch of all input items (Pro plan and above)' },
        ],
        default: 'generate',
      },
      {
        displayName: 'Template Name or ID',
        name: 'templateId',
        type: 'options',
        typeOptions: { loadOptionsMethod: 'getTemplates' },
        default: '',
        required: true,
        description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
      },
      {
        displayName: 'Data',
        name: 'fields',
        type: 'resourceMapper',
        noDataExpression: true,
        default: { mappingMode: 'defineBelow', value: null },
        required: true,
        typeOptions: {
          loadOptionsDependsOn: ['templateId'],
          resourceMapper: {
            resourceMapperMethod: 'getTemplateFields',
            mode: 'add',
            fieldWords: { singular: 'field', plural: 'fields' },
            addAllFields: true,
            multiKeyMatch: false,
          },
        },
        description: "The template's fields; numbers and yes/no given as text are converted as its schema says",
      },
      {
        displayName: 'Merge Into One PDF',
        name: 'merge',
        type: 'boolean',
        default: false,
        displayOptions: { show: { operation: ['batch'] } },
        description: 'Whether to also join the PDFs, in order, into one more PDF',
      },
      {
        displayName: 'Download PDF',
        name: 'download',
        type: 'boolean',
        default: true,
        displayOptions: { show: { operation: ['generate'] } },
        description: 'Whether to put the PDF in the output as binary data, besides its URL',
      },
      {
        displayName: 'Put Output File in Field',
        name: 'binaryPropertyName',
        type: 'string',
        default: 'data',
        displayOptions: { show: { operation: ['generate'], download: [true] } },
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'json',
        default: '{}',
        description: 'PDF options as the API takes them, e.g. {"format": "A4", "orientation": "landscape"}',
      },
    ],
  };

  methods = { loadOptions: { getTemplates }, resourceMapping: { getTemplateFields } };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const operation = this.getNodeParameter('operation', 0) as string;
    return [operation === 'batch' ? await createBatch(this) : await generatePdf(this)];
  }
}
