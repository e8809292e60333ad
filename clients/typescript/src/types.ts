import type { components, paths } from './generated/openapi';

type Schemas = components['schemas'];
type GenerateRequestBody = Schemas['GenerateRequestDto'];

/** A built-in template id or one of your workspace's custom templates. */
export type TemplateId = Schemas['TemplateDto']['id'];
/** The built-in templates: those whose data schema is published (TemplateData-<id>). */
export type BuiltInTemplateId = { [K in keyof Schemas]: K extends `TemplateData-${infer Id}` ? Id : never }[keyof Schemas];
export type TemplateCategory = Schemas['TemplateDto']['category'];
export type Template = Schemas['TemplateDto'];
export type TemplateList = Schemas['TemplateListDto'];
export type TemplateSchema = Schemas['TemplateSchemaDto'];
export type TemplateListQuery = NonNullable<paths['/api/v1/templates']['get']['parameters']['query']>;

/** The `data` a built-in template takes: its published JSON Schema as a type. */
export type TemplateData<T extends BuiltInTemplateId> = Schemas[`TemplateData-${T}`];
export type PdfOptions = NonNullable<GenerateRequestBody['options']>;
export type OutputFormat = NonNullable<GenerateRequestBody['outputFormat']>;
export type WebhookTarget = NonNullable<GenerateRequestBody['webhook']>;

/** The generate body apart from the template and its data. */
export type GenerateEnvelope = Omit<GenerateRequestBody, 'templateId' | 'data'>;

/**
 * A template and its data: for a built-in `templateId`, `data` is checked against its schema; a
 * custom template's data follows the schema its author gave it (GET /api/v1/templates/{id}/schema).
 */
export type TemplateAndData<T extends string> = T extends BuiltInTemplateId ? { templateId: T; data: TemplateData<T> } : { templateId: T; data: JsonObject };

export type GenerateRequest<T extends string = string> = GenerateEnvelope & TemplateAndData<T>;

/** A JSON object: a data schema, a template's data. */
export type JsonObject = Record<string, unknown>;

/** One block of the template language, by its `type` (`text`, `table`, `columns`, ...). */
export type TemplateBlock = Schemas['TemplateLanguage-block'];
/** A document in the template language: `{ theme?, header?, footer?, body }`. */
export type TemplateLayout = Schemas['TemplateLanguage'];
/** GET /api/v1/template-language.schema.json: the language's JSON Schema (draft-07), for an editor or a check before create. */
export type TemplateLanguageSchema = paths['/api/v1/template-language.schema.json']['get']['responses'][200]['content']['application/json'];

type DefinitionBody = Schemas['TemplateDefinitionRequest'];
/** POST /api/v1/templates: `id` is optional (made from the name when absent). */
export type CreateTemplateRequest = Omit<DefinitionBody, 'version'>;
/** PUT /api/v1/templates/{id}: a new version; `version` is optional (default: the next minor version). */
export type UpdateTemplateRequest = Omit<DefinitionBody, 'id'>;

/** GET /api/v1/templates/{id}: a custom template adds its newest `definition` and its `versions`, oldest first. */
export type TemplateDetail = Schemas['TemplateDetailDto'];
export type TemplateVersion = Schemas['TemplateVersionDto'];

type PreviewBody = Schemas['TemplatePreviewRequest'];
type PreviewInput = Pick<PreviewBody, 'options' | 'data'>;
/** POST /api/v1/templates/preview: a stored template (with `data` or its sample data), or a layout not stored; never both. */
export type PreviewRequest =
  | (PreviewInput & Required<Pick<PreviewBody, 'templateId'>> & Pick<PreviewBody, 'templateVersion'> & { layout?: undefined; schema?: undefined })
  | (PreviewInput & Required<Pick<PreviewBody, 'layout'>> & Pick<PreviewBody, 'schema'> & { templateId?: undefined; templateVersion?: undefined });

export type Job = Schemas['JobDto'];
export type JobAccepted = Schemas['JobAcceptedDto'];
export type GenerateResponse = Schemas['GenerateResponseDto'];
export type Generation = Schemas['GenerationDto'];
export type GenerationsPage = Schemas['GenerationsPageDto'];
export type GenerationsQuery = NonNullable<paths['/api/v1/generations']['get']['parameters']['query']>;
export type ErrorBody = Schemas['ErrorResponse'];
