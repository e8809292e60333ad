/** A property of an XMP extension schema (ISO 19005-3 6.6.2.3.2). */
export interface ExtensionProperty {
  name: string;
  valueType: 'Text' | 'Integer';
  category: 'internal' | 'external';
  description: string;
}

/** An XMP namespace outside those PDF/A predefines, described so that a PDF/A file may use it. */
export interface ExtensionSchema {
  schema: string;
  namespaceURI: string;
  prefix: string;
  properties: ExtensionProperty[];
}

/** PDF/UA's identification: not among PDF/A's predefined schemas, so a file claiming both declares it. */
export const PDFUA_ID_SCHEMA: ExtensionSchema = {
  schema: 'PDF/UA Universal Accessibility Schema',
  namespaceURI: 'http://www.aiim.org/pdfua/ns/id/',
  prefix: 'pdfuaid',
  properties: [{ name: 'part', valueType: 'Integer', category: 'internal', description: 'Indicates, which part of ISO 14289 standard is followed' }],
};

/**
 * The one pdfaExtension:schemas property of a file, describing every extension namespace it uses
 * (one property: XMP allows a property once per packet).
 */
export function extensionSchemasXmp(schemas: readonly ExtensionSchema[]): string {
  const described = schemas.map(({ schema, namespaceURI, prefix, properties }) => {
    const items = properties
      .map(
        ({ name, valueType, category, description }) =>
          `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>${valueType}</pdfaProperty:valueType>` +
          `<pdfaProperty:category>${category}</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
      )
      .join('');
    return (
      `<rdf:li rdf:parseType="Resource"><pdfaSchema:schema>${schema}</pdfaSchema:schema><pdfaSchema:namespaceURI>${namespaceURI}</pdfaSchema:namespaceURI>` +
      `<pdfaSchema:prefix>${prefix}</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>${items}</rdf:Seq></pdfaSchema:property></rdf:li>`
    );
  });
  return (
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
    `<pdfaExtension:schemas><rdf:Bag>${described.join('')}</rdf:Bag></pdfaExtension:schemas></rdf:Description>`
  );
}
