type Json = Record<string, unknown>;

/** One branch `{ if: { properties: { <name>: { const: <value> } }, required: [<name>] }, then: { $ref } }`. */
interface Branch {
  propertyName: string;
  value: string;
  ref: string;
}

/**
 * The OpenAPI form of a schema that picks its subschema by the value of one property: JSON
 * Schema says it as `allOf` of `if`/`then` branches (ajv then reports only the chosen branch's
 * errors), OpenAPI as `oneOf` with a `discriminator`, the only form code generators turn into a
 * union of the branches' types. Both accept the same values when each branch's target requires
 * the property with its `const`, as the language's blocks do. Any other schema is returned as it is.
 */
export function asDiscriminatedUnion(schema: Json): Json {
  const branches = Array.isArray(schema.allOf) ? schema.allOf.map(branchOf) : [];
  const propertyName = branches[0]?.propertyName;
  if (!propertyName || branches.some((branch) => branch?.propertyName !== propertyName)) return schema;
  // `type`, `properties` (the property's enum) and `required` are each branch's own: the union says them by its branches.
  const { allOf: _branches, type: _type, properties: _properties, required: _required, ...annotations } = schema;
  const chosen = branches as Branch[];
  return {
    ...annotations,
    oneOf: chosen.map(({ ref }) => ({ $ref: ref })),
    discriminator: { propertyName, mapping: Object.fromEntries(chosen.map(({ value, ref }) => [value, ref])) },
  };
}

function branchOf(branch: unknown): Branch | null {
  const { if: condition, then, ...rest } = isObject(branch) ? branch : {};
  if (!isObject(condition) || !isObject(then) || typeof then.$ref !== 'string' || Object.keys(rest).length > 0) return null;
  const properties = Object.entries(isObject(condition.properties) ? condition.properties : {});
  if (properties.length !== 1) return null;
  const [[propertyName, property]] = properties;
  const required = Array.isArray(condition.required) && condition.required.includes(propertyName);
  if (!required || !isObject(property) || typeof property.const !== 'string') return null;
  return { propertyName, value: property.const, ref: then.$ref };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
