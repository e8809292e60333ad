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
    company: object('The issuer of the invoice.', {
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
