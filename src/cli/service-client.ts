import { CliError } from './cli-error';

export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:3000';

/** The API of a running service, as a template author reaches it: a base URL and an API key. */
export class ServiceClient {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string | undefined,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** The response, whatever its status; only an unreachable service throws. */
  async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json, application/pdf' };
    if (this.apiKey) headers['X-API-Key'] = this.apiKey;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(`Cannot reach the service at ${this.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
  }

  /** The JSON body of a successful response; any other answer throws with the API's message. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body);
    if (!response.ok) throw await failureOf(response);
    return (await response.json()) as T;
  }

  /** The API key, or a clear refusal before any request for commands that need one. */
  requireKey(): void {
    if (!this.apiKey) throw new CliError('An API key is needed: pass --key or set PDFGEN_API_KEY');
  }
}

/** The API's error message, with its validation errors and details as lines underneath. */
export async function failureOf(response: Response): Promise<CliError> {
  const text = await response.text();
  let body: { error?: unknown; validationErrors?: unknown; details?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not the API's error body (a proxy's page, say): report the status alone.
  }
  const message = typeof body.error === 'string' ? body.error : `HTTP ${response.status} ${response.statusText}`.trim();
  const lines = Array.isArray(body.validationErrors) ? body.validationErrors.map(String) : [];
  if (typeof body.details === 'string') lines.push(body.details);
  return new CliError(message, lines);
}
