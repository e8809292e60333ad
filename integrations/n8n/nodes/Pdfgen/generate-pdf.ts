import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { pdfgenRequest } from './api';
import { templateRequest } from './request-items';

/** One PDF per input item: its hosted URL in the JSON and, unless turned off, the file as binary data. */
export async function generatePdf(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
  const schemas = new Map<string, Promise<unknown>>();
  const output: INodeExecutionData[] = [];
  for (let index = 0; index < context.getInputData().length; index++) {
    try {
      const request = await templateRequest(context, index, schemas);
      const answer = await pdfgenRequest(context, 'POST', '/api/v1/generate', { ...request, outputFormat: 'url' }, index);
      output.push({ json: answer, ...(await downloaded(context, index, answer)), pairedItem: { item: index } });
    } catch (error) {
      if (!context.continueOnFail()) throw error;
      // The API's problems (which field is wrong) stay with the item, as the error message alone does not say.
      const { message, description } = error as { message: string; description?: string | null };
      output.push({ json: { error: message, ...(description && { description }) }, pairedItem: { item: index } });
    }
  }
  return output;
}

async function downloaded(context: IExecuteFunctions, index: number, answer: IDataObject): Promise<Pick<INodeExecutionData, 'binary'>> {
  if (!context.getNodeParameter('download', index, true)) return {};
  // Hosted files need no key: the unguessable URL is the capability.
  const bytes = (await context.helpers.httpRequest({ method: 'GET', url: String(answer.pdfUrl), encoding: 'arraybuffer' })) as ArrayBuffer;
  const fileName = `${answer.templateId}-${String(answer.pdfUrl).split('/').pop()}`;
  const property = context.getNodeParameter('binaryPropertyName', index, 'data') as string;
  return { binary: { [property]: await context.helpers.prepareBinaryData(Buffer.from(bytes), fileName, 'application/pdf') } };
}
