import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { addAnswerHeaders } from './common/openapi/answer-headers';
import { ERROR_RESPONSE_COMPONENT, errorResponseSchema } from './common/openapi/error-response.openapi';
import { RESPONSE_HEADERS } from './common/openapi/response-headers';
import { toOpenApi31 } from './common/openapi/to-openapi-31';
import { withoutAliasPaths } from './common/openapi/without-alias-paths';
import type { AppConfig } from './config/app-config';
import { BUILT_IN_TEMPLATES } from './engine';
import { GENERATE_REQUEST_COMPONENT, generateRequestOpenApiSchema } from './generation/request/generate-request.openapi';
import { BATCH_REQUEST_COMPONENT, batchRequestOpenApiSchema } from './batches/request/batch-request.openapi';
import { templateDataSchemaName } from './templates/openapi-schema-names';
import { templateOpenApiSchemas } from './templates/templates.openapi';

/** OpenAPI 3.1 document built from the controllers and DTOs: JSON at /openapi.json, YAML at /openapi.yaml, interactive at /docs. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  const builder = new DocumentBuilder()
    .setTitle('pdfgen')
    .setDescription(
      'Turns a template id plus JSON data into a PDF. Every endpoint answers under both /api/v1 and /v1. ' +
        'Errors are `{ success: false, error, code, requestId, ...extra }`. ' +
        'Limits: request body at most BODY_LIMIT_BYTES (default 5 MiB, else 413), JSON nesting at most 32 levels, ' +
        'the data bounds of each template schema (TemplateData-* below, else 400 naming the field), ' +
        'RATE_LIMIT_PER_SECOND requests per key (default 50, else 429 with Retry-After), ' +
        'and a bounded render queue (503 Server is busy with Retry-After).',
    )
    .setVersion('1.0.0')
    // Without PUBLIC_URL the service does not know its address: '/' is wherever the document was read from.
    .addServer(config.publicUrlGiven ? config.publicUrl : '/')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'apiKey')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' }, 'bearer')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Operator API: Authorization: Bearer <ADMIN_TOKEN>' }, 'admin')
    .build();
  // A factory: Nest builds the document on the first request for it and keeps it, rather than at
  // start; it is about 1 MB of the HTTP thread's live heap, and most processes never serve it.
  // No validator badge: it is an image from validator.swagger.io, which the CSP of /docs refuses.
  SwaggerModule.setup('docs', app, () => openApiDocument(app, builder), { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml', swaggerOptions: { validatorUrl: null } });
}

function openApiDocument(app: INestApplication, builder: Omit<OpenAPIObject, 'paths'>): OpenAPIObject {
  // Nest generates OpenAPI 3.0; 3.1 is the version whose schemas are the JSON Schema our request schemas are written in.
  const document = withoutAliasPaths(toOpenApi31(SwaggerModule.createDocument(app, builder)));
  // UNLICENSED in package.json: all rights reserved, which SPDX can name only as a LicenseRef (3.1's `identifier`).
  document.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as OpenAPIObject['info']['license'];
  document.components ??= {};
  document.components.schemas ??= {};
  // The headers responses point at, and those sent on every answer or every answer to a key.
  document.components.headers = RESPONSE_HEADERS;
  addAnswerHeaders(document);
  document.components.schemas[ERROR_RESPONSE_COMPONENT] = errorResponseSchema() as never;
  // The data schemas that validate generate requests, bounds included, published as they are.
  for (const template of BUILT_IN_TEMPLATES) {
    const { $schema: _dialect, ...schema } = template.schema;
    document.components.schemas[templateDataSchemaName(template.id)] = schema as never;
  }
  // The generate body: the envelope schema that validates it, with `data` pointing at the schemas above.
  document.components.schemas[GENERATE_REQUEST_COMPONENT] = generateRequestOpenApiSchema() as never;
  document.components.schemas[BATCH_REQUEST_COMPONENT] = batchRequestOpenApiSchema() as never;
  // The template language and the template bodies, from the schemas that validate them.
  Object.assign(document.components.schemas, templateOpenApiSchemas());
  return document;
}
