import type { FromSchema } from 'json-schema-to-ts';
import { DRAFT_07, isoDate, list, longText, object, signedNumber, text } from './schema-builders';
import { JsonSchema } from './json-schema.types';

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
  },
  ['description'],
);

export const INVOICE_BASIC_SCHEMA = {
  $schema: DRAFT_07,
  title: 'invoice-basic data',
  description: 'Data for the invoice-basic template. Unknown extra fields are allowed and ignored.',
  type: 'object',
  required: ['invoiceNumber', 'items', 'client'],
  properties: {
    invoiceNumber: text('Invoice number as printed, e.g. INV-2025-0142.'),
    invoiceDate: isoDate('Date of issue.'),
    dueDate: isoDate('Payment due date.'),
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
      default: 'en-US',
      description:
        'BCP 47 language tag (language, optional script and region), e.g. de-DE: money, numbers and dates (medium style) in its formats, and the labels in its language (en, de, fr, es, pt, it, nl, ja, zh; others in English). A locale the server does not know prints as en-US.',
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
    }),
    client: object(
      'The billed party.',
      {
        name: text('Client name.'),
        address: text('Postal address; may contain line breaks.'),
        email: text('Contact e-mail address.'),
      },
      ['name'],
    ),
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
