import type { OpenAPIObject } from '@nestjs/swagger';
import { API_PREFIXES } from '../http/api-prefixes';

/**
 * Every route under API_PREFIXES answers the same under each prefix; the document lists it once,
 * under the first (/api/v1), so each operation has one path and one operationId. The description
 * says the aliases exist.
 */
export function withoutAliasPaths(document: OpenAPIObject): OpenAPIObject {
  const aliases = API_PREFIXES.slice(1).map((prefix) => `/${prefix}/`);
  const paths = Object.entries(document.paths).filter(([path]) => !aliases.some((alias) => path.startsWith(alias)));
  return { ...document, paths: Object.fromEntries(paths) };
}
