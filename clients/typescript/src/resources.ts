import type { Transport } from './transport';
import type { Generation, GenerationsPage, GenerationsQuery, Job, Template, TemplateId, TemplateList, TemplateListQuery, TemplateSchema } from './types';

const json = <T>(response: Response) => response.json() as Promise<T>;

export class TemplatesApi {
  constructor(private readonly transport: Transport) {}

  /** The templates (built-in, and with a key the workspace's own), optionally of one category. */
  list(query: TemplateListQuery = {}): Promise<TemplateList> {
    return this.transport.call({ method: 'GET', path: '/api/v1/templates', query, read: json<TemplateList> });
  }

  /** One template; 404 TEMPLATE_NOT_FOUND when unknown. */
  async get(id: TemplateId): Promise<Template> {
    const { templates } = await this.list({ id });
    return templates[0];
  }

  /** The JSON Schema that validates the template's `data`, and its default options. */
  schema(id: TemplateId): Promise<TemplateSchema> {
    return this.transport.call({ method: 'GET', path: `/api/v1/templates/${encodeURIComponent(id)}/schema`, read: json<TemplateSchema> });
  }
}

export class JobsApi {
  constructor(private readonly transport: Transport) {}

  /** A webhook job of this workspace; 404 JOB_NOT_FOUND otherwise. */
  get(jobId: string): Promise<Job> {
    return this.transport.call({ method: 'GET', path: `/api/v1/jobs/${encodeURIComponent(jobId)}`, read: json<Job> });
  }
}

export interface GenerationFilters extends Omit<GenerationsQuery, 'limit' | 'cursor'> {
  /** Records fetched per request, 1 to 100 (default 50). */
  pageSize?: number;
}

export class GenerationsApi {
  constructor(private readonly transport: Transport) {}

  /** Every generation of the workspace, newest first, fetching page after page as it is iterated. */
  async *list(filters: GenerationFilters = {}): AsyncGenerator<Generation, void, undefined> {
    const { pageSize, ...query } = filters;
    let cursor: string | undefined;
    do {
      const page = await this.page({ ...query, limit: pageSize, cursor });
      yield* page.generations;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** One page; pass its `nextCursor` as `cursor` for the next (null on the last page). */
  page(query: GenerationsQuery = {}): Promise<GenerationsPage> {
    return this.transport.call({ method: 'GET', path: '/api/v1/generations', query, read: json<GenerationsPage> });
  }
}

export class FilesApi {
  constructor(private readonly transport: Transport) {}

  /**
   * Erases a hosted PDF for good: give its `pdfUrl`, `<id>.pdf` or `<id>`. The call always goes
   * to the client's `baseUrl` (the key never goes to the host in the URL). 404 NOT_FOUND when the
   * file is unknown, another workspace's, or already erased.
   */
  delete(urlOrId: string): Promise<void> {
    const name = urlOrId.split(/[?#]/)[0].split('/').pop() ?? '';
    const file = name.endsWith('.pdf') ? name : `${name}.pdf`;
    return this.transport.call({ method: 'DELETE', path: `/files/${encodeURIComponent(file)}`, read: async () => undefined });
  }
}
