import { EInvoiceProfile, FACTUR_X_VERSION, PROFILE_FACTS } from './einvoice-profile';

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const FX_PROPERTIES: [name: string, description: string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

/**
 * The Factur-X XMP of an e-invoice: the extension schema that PDF/A requires for a namespace
 * outside its predefined ones (ISO 19005-3 6.6.2.3), and the fx properties that tell a reader
 * which embedded file is the invoice and of which profile.
 */
export function facturXMetadata(profile: EInvoiceProfile): string {
  const facts = PROFILE_FACTS[profile];
  const properties = FX_PROPERTIES.map(
    ([name, description]) =>
      `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
      `<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
  ).join('');
  return (
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
    `<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix>` +
    `<pdfaSchema:property><rdf:Seq>${properties}</rdf:Seq></pdfaSchema:property>` +
    '</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>\n' +
    `<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${facts.fileName}</fx:DocumentFileName>` +
    `<fx:Version>${FACTUR_X_VERSION}</fx:Version><fx:ConformanceLevel>${facts.conformanceLevel}</fx:ConformanceLevel></rdf:Description>`
  );
}
