'use strict';

/*
 * No-code tools send every form value as text ("quantity": "10"). The pdfgen API stays strict,
 * so the n8n node and the Zapier app turn text into the type the template's JSON Schema asks for
 * before they send it. One source: each package copies this file in at build (copy-shared.js).
 * Text that does not read as the wanted type is left as it is, so the API names the field.
 */

/** The JSON Schema types a schema allows (`type: "number"` or `type: ["number", "null"]`). */
function typesOf(schema) {
  if (!schema || schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function numberFrom(text, integer) {
  const trimmed = text.trim();
  if (trimmed === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return text;
  const number = Number(trimmed);
  return integer && !Number.isInteger(number) ? text : number;
}

function booleanFrom(text) {
  const word = text.trim().toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  return text;
}

/** Text holding JSON (a list of line items pasted as `[{...}]`) when an array or object is wanted. */
function jsonFrom(text, wanted) {
  try {
    const parsed = JSON.parse(text);
    const isArray = Array.isArray(parsed);
    if (parsed !== null && typeof parsed === 'object' && (wanted === 'array') === isArray) return parsed;
  } catch {
    // not JSON: left as it is
  }
  return text;
}

function coerceText(text, types) {
  if (types.includes('string')) return text;
  if (text.trim() === '') return undefined;
  if (types.includes('null') && text.trim() === 'null') return null;
  for (const type of types) {
    const value =
      type === 'integer' || type === 'number' ? numberFrom(text, type === 'integer')
      : type === 'boolean' ? booleanFrom(text)
      : type === 'array' || type === 'object' ? jsonFrom(text, type)
      : text;
    if (value !== text) return value;
  }
  return text;
}

/**
 * `value` with its text turned into the numbers, booleans, arrays and objects `schema` asks for,
 * through nested objects and arrays of items. Empty text for a field that is not a string is
 * dropped, as a form's empty field means "not given".
 */
function coerceBySchema(value, schema) {
  if (!schema || typeof schema !== 'object') return value;
  const types = typesOf(schema);
  if (typeof value === 'string') {
    const coerced = coerceText(value, types);
    return typeof coerced === 'string' ? coerced : coerceBySchema(coerced, schema);
  }
  if (Array.isArray(value)) {
    return schema.items ? value.map((item) => coerceBySchema(item, schema.items)) : value;
  }
  if (value !== null && typeof value === 'object') {
    const result = {};
    for (const [key, field] of Object.entries(value)) {
      const fieldSchema = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      const coerced = coerceBySchema(field, fieldSchema);
      if (coerced !== undefined) result[key] = coerced;
    }
    return result;
  }
  return value;
}

module.exports = { coerceBySchema };
