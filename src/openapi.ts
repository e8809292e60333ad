import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ErrorResponse } from './common/openapi/error-response.dto';
import type { AppConfig } from './config/app-config';

/** OpenAPI 3 document built from the controllers and DTOs: JSON at /openapi.json, interactive at /docs. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  const builder = new DocumentBuilder()
    .setTitle('pdfgen')
    .setDescription(
      'Turns a template id plus JSON data into a PDF. Every endpoint answers under both /api/v1 and /v1. ' +
        'Errors are `{ success: false, error, code, requestId, ...extra }`.',
    )
    .setVersion('1.0.0')
    .addServer(config.publicUrl)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'apiKey')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' }, 'bearer')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Operator API: Authorization: Bearer <ADMIN_TOKEN>' }, 'admin')
    .build();
  const document = SwaggerModule.createDocument(app, builder, { extraModels: [ErrorResponse] });
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml' });
}
