import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { pdfgenRequest } from './api';
import { templateRequest, type TemplateRequest } from './request-items';

/** All input items as one batch (POST /api/v1/batches); the output is the batch id, to follow with GET /api/v1/batches/:id. */
export async function createBatch(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
  const schemas = new Map<string, Promise<unknown>>();
  const inputs = context.getInputData();
  const items: TemplateRequest[] = [];
  for (let index = 0; index < inputs.length; index++) items.push(await templateRequest(context, index, schemas));
  const merge = context.getNodeParameter('merge', 0, false) as boolean;
  const answer = await pdfgenRequest(context, 'POST', '/api/v1/batches', { items, merge });
  return [{ json: answer, pairedItem: inputs.map((_, item) => ({ item })) }];
}
