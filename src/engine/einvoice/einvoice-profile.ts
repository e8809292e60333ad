/** The e-invoice profiles of DECISIONS section 14: Factur-X 1.0 / ZUGFeRD 2.3 EN 16931, and its German CIUS XRechnung. */
export const EINVOICE_PROFILES = ['EN16931', 'XRECHNUNG'] as const;
export type EInvoiceProfile = (typeof EINVOICE_PROFILES)[number];

export interface ProfileFacts {
  /** BT-24, the specification the XML follows. */
  guideline: string;
  /** BT-23, the business process (XRechnung asks for one). */
  businessProcess?: string;
  /** The embedded file's name, also fx:DocumentFileName. */
  fileName: string;
  /** fx:ConformanceLevel of the Factur-X XMP. */
  conformanceLevel: string;
  /** How the document names itself in small type, by language; `en` when the language has none. */
  name: string;
}

export const PROFILE_FACTS: Record<EInvoiceProfile, ProfileFacts> = {
  EN16931: {
    guideline: 'urn:cen.eu:en16931:2017',
    fileName: 'factur-x.xml',
    conformanceLevel: 'EN 16931',
    name: 'Factur-X / ZUGFeRD (EN 16931)',
  },
  XRECHNUNG: {
    guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    businessProcess: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    fileName: 'xrechnung.xml',
    conformanceLevel: 'XRECHNUNG',
    name: 'XRechnung (ZUGFeRD / Factur-X)',
  },
};

/** fx:Version of the Factur-X 1.0 XMP extension schema. */
export const FACTUR_X_VERSION = '1.0';
