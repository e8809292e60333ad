import type { ExtensionSchema } from '../xmp-extension-schemas';
import { EInvoiceProfile, FACTUR_X_VERSION, PROFILE_FACTS } from './einvoice-profile';

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The Factur-X namespace, which PDF/A asks the file to describe (ISO 19005-3 6.6.2.3). */
export const FACTUR_X_SCHEMA: ExtensionSchema = {
  schema: 'Factur-X PDFA Extension Schema',
  namespaceURI: FX_NAMESPACE,
  prefix: 'fx',
  properties: [
    { name: 'DocumentFileName', valueType: 'Text', category: 'external', description: 'The name of the embedded XML document' },
    { name: 'DocumentType', valueType: 'Text', category: 'external', description: 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER' },
    { name: 'Version', valueType: 'Text', category: 'external', description: 'The actual version of the standard applying to the embedded XML document' },
    { name: 'ConformanceLevel', valueType: 'Text', category: 'external', description: 'The conformance level of the embedded XML document' },
  ],
};

/** The fx properties that tell a reader which embedded file is the invoice, and of which profile. */
export function facturXProperties(profile: EInvoiceProfile): string {
  const facts = PROFILE_FACTS[profile];
  return (
    `<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${facts.fileName}</fx:DocumentFileName>` +
    `<fx:Version>${FACTUR_X_VERSION}</fx:Version><fx:ConformanceLevel>${facts.conformanceLevel}</fx:ConformanceLevel></rdf:Description>`
  );
}
