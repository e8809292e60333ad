'use strict';
const { apiBase } = require('./authentication');

/** The template's data schema, as the service validates it. */
async function templateSchema(z, bundle, templateId) {
  const response = await z.request({ url: `${apiBase(bundle)}/api/v1/templates/${encodeURIComponent(templateId)}/schema` });
  return response.data.schema;
}

const typesOf = (schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null');
const hasProperties = (schema) => typesOf(schema).includes('object') && schema.properties;

/** One scalar field: Zapier's own types, and a dropdown for an enum. */
function scalarField(key, schema, required) {
  const [type] = typesOf(schema);
  const field = { key, label: key, required, helpText: schema.description };
  if (schema.enum) return { ...field, type: 'string', choices: schema.enum.map(String) };
  if (type === 'integer' || type === 'number' || type === 'boolean') return { ...field, type };
  if (type === 'array' || type === 'object') return { ...field, type: 'text', helpText: `JSON. ${schema.description ?? ''}`.trim() };
  return { ...field, type: 'string' };
}

/**
 * Zapier input fields for a JSON Schema: objects become dotted keys (`client.name`), lists of
 * objects become line items (children), lists of values a list field, anything deeper JSON text.
 */
function fieldsFor(schema, prefix = '', parentRequired = true) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const key = `${prefix}${name}`;
    const isRequired = parentRequired && required.has(name);
    if (hasProperties(property)) return fieldsFor(property, `${key}.`, isRequired);
    const items = property.items;
    if (typesOf(property).includes('array') && items) {
      if (hasProperties(items)) {
        const itemRequired = new Set(items.required ?? []);
        const children = Object.entries(items.properties).map(([child, childSchema]) => scalarField(child, childSchema, itemRequired.has(child)));
        return [{ key, label: key, required: isRequired, helpText: property.description, children }];
      }
      if (!typesOf(items).some((type) => type === 'array' || type === 'object')) return [{ ...scalarField(key, items, isRequired), list: true, helpText: property.description }];
    }
    return [scalarField(key, property, isRequired)];
  });
}

/** `{ "client.name": "Globex" }` as `{ client: { name: "Globex" } }`. */
function unflatten(fields) {
  const result = {};
  for (const [key, value] of Object.entries(fields)) {
    const path = key.split('.');
    let target = result;
    for (const part of path.slice(0, -1)) target = target[part] ??= {};
    target[path.at(-1)] = value;
  }
  return result;
}

module.exports = { templateSchema, fieldsFor, unflatten };
