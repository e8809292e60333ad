import type { OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, PathItemObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ResponseHeader, responseHeaders } from './response-headers';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The headers that are no one route's doing, added to every response they are sent on: X-Request-Id
 * on every answer (RequestContextMiddleware), the RateLimit headers on every answer to a key that
 * got past authentication (ApiKeyGuard), so on all but the 401s of an operation a key may call, and
 * ETag on every JSON answer (Express's weak validator of the body, which res.json sets).
 */
export function addAnswerHeaders(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths) as PathItemObject[]) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const keyed = takesApiKey(operation);
      for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
        const names: ResponseHeader[] = [
          'X-Request-Id',
          ...(keyed && status !== '401' ? (['RateLimit-Policy', 'RateLimit'] as const) : []),
          ...(response.content?.['application/json'] ? (['ETag'] as const) : []),
        ];
        response.headers = { ...responseHeaders(...names), ...response.headers };
      }
    }
  }
}

function takesApiKey(operation: OperationObject): boolean {
  return (operation.security ?? []).some((requirement) => 'apiKey' in requirement);
}
