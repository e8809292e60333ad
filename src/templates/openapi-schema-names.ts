/** The OpenAPI component under which a template's data schema is published. */
export function templateDataSchemaName(id: string): string {
  return `TemplateData-${id}`;
}
