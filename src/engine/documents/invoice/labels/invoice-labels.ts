import type { InvoiceBasicData } from '../../../templates/schemas';
import type { TaxCategory } from '../../../einvoice/tax-category';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { he } from './he';
import { hi } from './hi';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { sv } from './sv';
import { th } from './th';
import { tr } from './tr';
import { zh } from './zh';

/** invoice, credit-note, quote or receipt. */
export type DocumentType = NonNullable<InvoiceBasicData['documentType']>;

/** The words that change with the kind of document. */
export interface DocumentWords {
  /** The masthead's big word, e.g. "INVOICE". */
  title: string;
  /** How the document names itself with its number, e.g. "Invoice" (PDF title, page furniture). */
  name: string;
  number: string;
  date: string;
  /** Above the big figure, e.g. "AMOUNT DUE". */
  headline: string;
}

/** Every word the invoice prints, in one language. */
export interface InvoiceLabels {
  documents: Record<DocumentType, DocumentWords>;
  dueDate: string;
  /** A quote's due date is how long it holds. */
  validUntil: string;
  /** The line under an invoice's amount due. */
  due: (date: string) => string;
  poNumber: string;
  billTo: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  /** Also the tax rate column's header and, with the rate, each tax line ("VAT 19%"). */
  tax: string;
  total: string;
  noItems: string;
  notes: string;
  paymentInstructions: string;
  status: Record<NonNullable<InvoiceBasicData['status']>, string>;
  page: (page: number, total: number) => string;
  continued: string;
  vatId: string;
  taxNumber: string;
  deliveryDate: string;
  servicePeriod: string;
  buyerReference: string;
  /** An e-invoice's payment terms when the data gives no due date or terms (BT-20, BR-CO-25). */
  dueOnReceipt: string;
  /** The heading of the IBAN, BIC and terms. */
  payment: string;
  /** Before the seller's contact person. */
  contact: string;
  /** Printed beside a line and a tax total of a category other than S (standard rate, printed without a word). */
  taxCategories: Record<TaxCategory, string>;
  /** The small line saying the PDF is an e-invoice of `profile`. */
  eInvoice: (profile: string) => string;
}

const BY_LANGUAGE: Record<string, InvoiceLabels> = { ar, de, en, es, fr, he, hi, it, ja, ko, nl, pl, pt, sv, th, tr, zh };

/** The labels of the locale's language; English for the languages without a table. */
export function invoiceLabels(language: string): InvoiceLabels {
  return BY_LANGUAGE[language] ?? en;
}
