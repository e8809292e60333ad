import type { components, paths } from './generated/openapi';

type Schemas = components['schemas'];
type GenerateRequestBody = Schemas['GenerateRequestDto'];

export type TemplateId = Schemas['TemplateDto']['id'];
export type TemplateCategory = Schemas['TemplateDto']['category'];
export type Template = Schemas['TemplateDto'];
export type TemplateList = Schemas['TemplateListDto'];
export type TemplateSchema = Schemas['TemplateSchemaDto'];
export type TemplateListQuery = NonNullable<paths['/api/v1/templates']['get']['parameters']['query']>;

/** The `data` a template takes: its published JSON Schema as a type. */
export type TemplateData<T extends TemplateId> = Schemas[`TemplateData-${T}`];
export type PdfOptions = NonNullable<GenerateRequestBody['options']>;
export type OutputFormat = NonNullable<GenerateRequestBody['outputFormat']>;
export type WebhookTarget = NonNullable<GenerateRequestBody['webhook']>;

/** The generate body, with `data` checked against the schema of the `templateId` it goes with. */
export type GenerateRequest = {
  [T in TemplateId]: Omit<GenerateRequestBody, 'templateId' | 'data'> & { templateId: T; data: TemplateData<T> };
}[TemplateId];

export type Job = Schemas['JobDto'];
export type JobAccepted = Schemas['JobAcceptedDto'];
export type GenerateResponse = Schemas['GenerateResponseDto'];
export type Generation = Schemas['GenerationDto'];
export type GenerationsPage = Schemas['GenerationsPageDto'];
export type GenerationsQuery = NonNullable<paths['/api/v1/generations']['get']['parameters']['query']>;
export type ErrorBody = Schemas['ErrorResponse'];

/** Omit over each member of a union (the built-in Omit merges the members). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
