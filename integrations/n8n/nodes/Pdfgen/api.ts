import {
  NodeApiError,
  type IDataObject,
  type IExecuteFunctions,
  type IHttpRequestMethods,
  type ILoadOptionsFunctions,
  type JsonObject,
} from 'n8n-workflow';

type Context = IExecuteFunctions | ILoadOptionsFunctions;

/** The service's URL from the credentials, without a trailing slash. */
export async function baseUrl(context: Context): Promise<string> {
  const credentials = await context.getCredentials('pdfgenApi');
  return String(credentials.baseUrl).replace(/\/+$/, '');
}

/**
 * A JSON call to the pdfgen API with the key of the credentials. An error answer becomes a
 * NodeApiError carrying the API's own message ("Invalid data for template") and, as its
 * description, the problems it lists (validationErrors), so the user sees which field is wrong.
 */
export async function pdfgenRequest(context: Context, method: IHttpRequestMethods, path: string, body?: IDataObject, itemIndex?: number): Promise<IDataObject> {
  const response = (await context.helpers.httpRequestWithAuthentication.call(context, 'pdfgenApi', {
    method,
    url: `${await baseUrl(context)}${path}`,
    body,
    json: true,
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  })) as { statusCode: number; body: IDataObject };
  if (response.statusCode < 400) return response.body;
  const answer: IDataObject = typeof response.body === 'object' && response.body !== null ? response.body : { error: String(response.body) };
  const problems = Array.isArray(answer.validationErrors) ? (answer.validationErrors as string[]).join('; ') : undefined;
  throw new NodeApiError(context.getNode(), answer as JsonObject, {
    message: typeof answer.error === 'string' ? answer.error : `pdfgen answered ${response.statusCode}`,
    description: problems,
    httpCode: String(response.statusCode),
    itemIndex,
  });
}
