import type { FromSchema } from 'json-schema-to-ts';
import { DRAFT_07, isoDate, list, longText, object, signedNumber, text } from './schema-builders';
import { JsonSchema } from './json-schema.types';

/** What an e-invoice calls a tax category (UNCL5305): standard, zero-rated, exempt, reverse charge, intra-community supply, export. */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G'] as const;

const postalAddress = (party: string, term: string) =>
  object(
    `The ${party}'s structured postal address (${term}): printed on the invoice and required for an e-invoice (options.eInvoice).`,
    {
      street: text('Street and number (address line 1).'),
      city: text('City.'),
      postcode: text('Postal code.'),
      country: {
        type: 'string',
        pattern: '^[A-Z]{2}$',
        description: 'ISO 3166-1 alpha-2 country code, e.g. DE.',
        examples: ['DE'],
      },
    },
    ['city', 'postcode', 'country'],
  );

const vatId = (party: string, term: string) => ({
  type: 'string',
  maxLength: 30,
  pattern: '^[A-Z]{2}[0-9A-Za-z+*.]{2,28}$',
  description: `The ${party}'s VAT identification number with its country prefix, e.g. DE123456789 (${term}).`,
  examples: ['DE123456789'],
}) as const;

const item = object(
  'One invoice line. amount is computed as quantity * unitPrice when absent.',
  {
    description: text('What was sold or done.'),
    quantity: signedNumber('Number of units; may be negative or fractional.'),
    unitPrice: signedNumber('Price of one unit; negative for credits.'),
    amount: signedNumber('Line total; defaults to quantity * unitPrice.'),
    taxRate: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      description:
        'Tax rate of the line in percent, e.g. 19. The totals show one tax line per rate ("VAT 19%"), computed on the lines of that rate and rounded to the currency. A `tax` sent with the data wins over the computed lines.',
      examples: [19],
    },
    taxCategory: {
      type: 'string',
      enum: [...TAX_CATEGORIES],
      description:
        'Tax category of the line (UNCL5305, BT-151): S standard rate (default), Z zero-rated (default at 0 %), E exempt, AE reverse charge, K intra-community supply, G export outside the EU. E, AE, K and G are at 0 % and need taxExemptionReason.',
    },
    taxExemptionReason: text('Why the line is exempt or reverse-charged, printed beside it (BT-120), e.g. "Reverse charge: the recipient is liable for VAT".'),
    unitCode: {
      type: 'string',
      pattern: '^[A-Z0-9]{2,3}$',
      description: 'Unit of the quantity as a UN/ECE Recommendation 20 code (BT-130): C62 one (default), HUR hour, DAY day, KGM kilogram, MTR metre, LS lump sum.',
      examples: ['HUR'],
    },
  },
  ['description'],
);

export const INVOICE_BASIC_SCHEMA = {
  $schema: DRAFT_07,
  title: 'invoice-basic data',
  description:
    'Data for the invoice-basic template. Unknown extra fields are allowed and ignored. With options.eInvoice (an EN 16931 e-invoice) these are also required: currency, invoiceDate, company.name, company.vatId or company.taxNumber, company.postalAddress, client.postalAddress, items[].taxRate, and dueDate, payment.dueDate or payment.terms; XRECHNUNG adds buyerReference, company.contact (name, phone, email), payment.iban and client.email.',
  type: 'object',
  required: ['invoiceNumber', 'items', 'client'],
  properties: {
    invoiceNumber: text('Invoice number as printed, e.g. INV-2025-0142.'),
    invoiceDate: isoDate('Date of issue.'),
    dueDate: isoDate('Payment due date.'),
    deliveryDate: isoDate('When the goods or services were delivered (BT-72). An e-invoice without it or servicePeriod states the invoice date.'),
    servicePeriod: object(
      'The period the invoice covers (BG-14), printed and carried in an e-invoice instead of a delivery date.',
      { start: isoDate('First day.'), end: isoDate('Last day.') },
      ['start', 'end'],
    ),
    currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'ISO 4217 currency code, e.g. EUR: amounts print with its symbol and decimals (JPY none). Absent: plain numbers with two decimals.',
      examples: ['EUR'],
    },
    locale: {
      type: 'string',
      maxLength: 35,
      pattern: '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-(?:[A-Za-z]{2}|[0-9]{3}))?$',
      description:
        'BCP 47 language tag (language, optional script and region), e.g. de-DE: money, numbers and dates (medium style) in its formats, and the labels in its language (ar, de, en, es, fr, he, hi, it, ja, ko, nl, pl, pt, sv, th, tr, zh; others in English); with options.lang absent, also the document language (/Lang). Absent, or one the server does not know: en-US.',
      examples: ['de-DE'],
    },
    documentType: {
      type: 'string',
      enum: ['invoice', 'credit-note', 'quote', 'receipt'],
      description: 'What the document is: invoice (default), credit-note, quote or receipt. Absent with a negative total: a credit note.',
    },
    poNumber: text("The client's purchase order number."),
    status: {
      type: 'string',
      enum: ['paid', 'overdue'],
      description: 'Prints a PAID or OVERDUE stamp on the first page.',
    },
    company: object('The issuer of the invoice.', {
      logo: {
        type: 'string',
        maxLength: 1_398_200,
        pattern: '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]*={0,2}$',
        description: 'Logo drawn top-left, scaled to fit 140x50 pt with its aspect kept: a data:image/png or data:image/jpeg base64 URI of at most 1 MiB. An image that cannot be decoded is refused.',
      },
      name: text('Company name.'),
      address: text('Postal address; may contain line breaks.'),
      email: text('Contact e-mail address.'),
      phone: text('Contact phone number.'),
      vatId: vatId('seller', 'BT-31'),
      taxNumber: text("The seller's tax number when it has no VAT id (BT-32), e.g. 201/113/40209."),
      postalAddress: postalAddress('seller', 'BT-35 to BT-40'),
      contact: object("The seller's contact person (BT-41 to BT-43); required for XRECHNUNG.", {
        name: text('Contact name.'),
        phone: text('Contact phone number.'),
        email: text('Contact e-mail address.'),
      }),
    }),
    client: object(
      'The billed party.',
      {
        name: text('Client name.'),
        address: text('Postal address; may contain line breaks.'),
        email: text('Contact e-mail address.'),
        vatId: vatId('buyer', 'BT-48'),
        postalAddress: postalAddress('buyer', 'BT-50 to BT-55'),
      },
      ['name'],
    ),
    buyerReference: text("The buyer's reference (BT-10): for German public buyers the Leitweg-ID, e.g. 04011000-12345-34; required for XRECHNUNG."),
    payment: object('How the invoice is paid, printed and carried in an e-invoice.', {
      iban: {
        type: 'string',
        pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{11,36}$',
        description: 'IBAN of the account to pay into (BT-84), spaces allowed: a SEPA credit transfer.',
        examples: ['DE89 3704 0044 0532 0130 00'],
      },
      bic: {
        type: 'string',
        pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$',
        description: 'BIC of the bank (BT-86).',
        examples: ['COBADEFFXXX'],
      },
      terms: text('Payment terms (BT-20), e.g. "Payable within 14 days without deduction".'),
      dueDate: isoDate('Payment due date (BT-9); dueDate is used when absent.'),
    }),
    items: list('Invoice lines, 1 to 1000.', item, { minItems: 1, maxItems: 1000 }),
    subtotal: signedNumber('Sum of the line amounts before tax.'),
    tax: signedNumber('Tax amount.'),
    total: signedNumber('Amount due.'),
    notes: longText('Free text printed below the lines.'),
    paymentInstructions: longText('How to pay, e.g. bank details.'),
  },
} as const satisfies JsonSchema;

/** The data of a valid `invoice-basic` request, typed from the schema above (checked before any layout reads it). */
export type InvoiceBasicData = FromSchema<typeof INVOICE_BASIC_SCHEMA>;
