import { writeFile } from 'node:fs/promises';
import { PdfgenError } from './errors';
import type { RequestOptions, Transport } from './transport';
import type {
  CreateTemplateRequest,
  Generation,
  GenerationsPage,
  GenerationsQuery,
  Job,
  PreviewRequest,
  Template,
  TemplateDetail,
  TemplateId,
  TemplateLanguageSchema,
  TemplateList,
  TemplateListQuery,
  TemplateSchema,
  UpdateTemplateRequest,
} from './types';

const json = <T>(response: Response) => response.json() as Promise<T>;
const templatePath = (id: string) => `/api/v1/templates/${encodeURIComponent(id)}`;

export class TemplatesApi {
  constructor(private readonly transport: Transport) {}

  /** The templates (built-in, and with a key the workspace's own), optionally of one category. */
  list(query: TemplateListQuery = {}, options?: RequestOptions): Promise<TemplateList> {
    return this.transport.call({ method: 'GET', path: '/api/v1/templates', query, read: json<TemplateList> }, options);
  }

  /** One template; a custom one also carries its newest `definition` and its `versions`. 404 TEMPLATE_NOT_FOUND when unknown. */
  get(id: TemplateId, options?: RequestOptions): Promise<TemplateDetail> {
    return this.transport.call({ method: 'GET', path: templatePath(id), read: json<TemplateDetail> }, options);
  }

  /** The JSON Schema that validates the template's `data`, and its default options. */
  schema(id: TemplateId, options?: RequestOptions): Promise<TemplateSchema> {
    return this.transport.call({ method: 'GET', path: `${templatePath(id)}/schema`, read: json<TemplateSchema> }, options);
  }

  /**
   * A custom template of the workspace (Business plan), at version 1.0.0. Not sent again after a
   * lost connection: without an `id` the server would draw another one (a second template), and
   * with one the repeat would answer 409 TEMPLATE_ALREADY_EXISTS for the template this call made.
   * A 429 or 503 is retried: the server refused before acting.
   */
  create(definition: CreateTemplateRequest, options?: RequestOptions): Promise<Template> {
    return this.transport.call({ method: 'POST', path: '/api/v1/templates', body: definition, repeatable: false, read: json<Template> }, options);
  }

  /**
   * A new version of a custom template (1.1.0 after 1.0.0, or the `version` given); older
   * versions stay renderable. Not sent again after a lost connection, as create: each PUT makes a
   * version, so a repeat would add a second one.
   */
  update(id: string, definition: UpdateTemplateRequest, options?: RequestOptions): Promise<Template> {
    return this.transport.call({ method: 'PUT', path: templatePath(id), body: definition, repeatable: false, read: json<Template> }, options);
  }

  /** Deletes a custom template and its versions; hosted PDFs made from it stay. A retry after a lost answer may get 404 TEMPLATE_NOT_FOUND. */
  delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.call({ method: 'DELETE', path: templatePath(id), read: async () => undefined }, options);
  }

  /** The PDF of a template or a layout with a PREVIEW watermark on every page: not stored, not counted. */
  preview(request: PreviewRequest, options?: RequestOptions): Promise<Uint8Array> {
    return this.transport.call({ method: 'POST', path: '/api/v1/templates/preview', body: request, read: readPreview }, options);
  }

  /** Writes the preview PDF to `path`. */
  async previewToFile(request: PreviewRequest, path: string, options?: RequestOptions): Promise<void> {
    await writeFile(path, await this.preview(request, options));
  }

  /** The template language's JSON Schema (draft-07), for an editor or a check before create. */
  languageSchema(options?: RequestOptions): Promise<TemplateLanguageSchema> {
    return this.transport.call({ method: 'GET', path: '/api/v1/template-language.schema.json', read: json<TemplateLanguageSchema> }, options);
  }
}

/** The preview's bytes; a 2xx that is not the API's watermarked PDF (a proxy's page, say) must not pass for one. */
async function readPreview(response: Response): Promise<Uint8Array> {
  const isPreview = response.headers.get('x-preview') === 'true' && response.headers.get('content-type')?.startsWith('application/pdf');
  if (!isPreview) {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    await response.body?.cancel();
    throw new PdfgenError({ status: response.status, code: 'UNEXPECTED_RESPONSE', message: `Unexpected ${response.status} response: not a preview PDF`, requestId });
  }
  return new Uint8Array(await response.arrayBuffer());
}

export class JobsApi {
  constructor(private readonly transport: Transport) {}

  /** A webhook job of this workspace; 404 JOB_NOT_FOUND otherwise. */
  get(jobId: string, options?: RequestOptions): Promise<Job> {
    return this.transport.call({ method: 'GET', path: `/api/v1/jobs/${encodeURIComponent(jobId)}`, read: json<Job> }, options);
  }
}

export interface GenerationFilters extends Omit<GenerationsQuery, 'limit' | 'cursor'> {
  /** Records fetched per request, 1 to 100 (default 50). */
  pageSize?: number;
}

export class GenerationsApi {
  constructor(private readonly transport: Transport) {}

  /** Every generation of the workspace, newest first, fetching page after page as it is iterated. */
  async *list(filters: GenerationFilters = {}, options?: RequestOptions): AsyncGenerator<Generation, void, undefined> {
    const { pageSize, ...query } = filters;
    let cursor: string | undefined;
    do {
      const page = await this.page({ ...query, limit: pageSize, cursor }, options);
      yield* page.generations;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** One page; pass its `nextCursor` as `cursor` for the next (null on the last page). */
  page(query: GenerationsQuery = {}, options?: RequestOptions): Promise<GenerationsPage> {
    return this.transport.call({ method: 'GET', path: '/api/v1/generations', query, read: json<GenerationsPage> }, options);
  }
}

export class FilesApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Erases a hosted PDF for good: give its `pdfUrl`, `<id>.pdf` or `<id>`. The call always goes
   * to the client's `baseUrl` (the key never goes to the host in the URL). 404 NOT_FOUND when the
   * file is unknown, another workspace's, or already erased.
   */
  delete(urlOrId: string, options?: RequestOptions): Promise<void> {
    const name = urlOrId.split(/[?#]/)[0].split('/').pop() ?? '';
    const file = name.endsWith('.pdf') ? name : `${name}.pdf`;
    return this.transport.call({ method: 'DELETE', path: `/files/${encodeURIComponent(file)}`, read: async () => undefined }, options);
  }
}
