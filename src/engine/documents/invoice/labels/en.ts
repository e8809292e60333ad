import type { InvoiceLabels } from './invoice-labels';

export const en: InvoiceLabels = {
  documents: {
    invoice: { title: 'INVOICE', name: 'Invoice', number: 'Invoice number', date: 'Invoice date', headline: 'AMOUNT DUE' },
    'credit-note': { title: 'CREDIT NOTE', name: 'Credit note', number: 'Credit note number', date: 'Date', headline: 'AMOUNT CREDITED' },
    quote: { title: 'QUOTE', name: 'Quote', number: 'Quote number', date: 'Quote date', headline: 'TOTAL' },
    receipt: { title: 'RECEIPT', name: 'Receipt', number: 'Receipt number', date: 'Date', headline: 'AMOUNT PAID' },
  },
  dueDate: 'Due date',
  validUntil: 'Valid until',
  due: (date) => `Due ${date}`,
  poNumber: 'PO number',
  billTo: 'BILL TO',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  tax: 'Tax',
  total: 'Total',
  noItems: 'No items',
  notes: 'Notes',
  paymentInstructions: 'Payment instructions',
  status: { paid: 'PAID', overdue: 'OVERDUE' },
  page: (page, total) => `Page ${page} of ${total}`,
  continued: 'continued',
};
