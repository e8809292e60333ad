import type { InvoiceLabels } from './invoice-labels';

export const it: InvoiceLabels = {
  documents: {
    invoice: { title: 'FATTURA', name: 'Fattura', number: 'Numero fattura', date: 'Data fattura', headline: 'IMPORTO DOVUTO' },
    'credit-note': { title: 'NOTA DI CREDITO', name: 'Nota di credito', number: 'Numero nota di credito', date: 'Data', headline: 'IMPORTO ACCREDITATO' },
    quote: { title: 'PREVENTIVO', name: 'Preventivo', number: 'Numero preventivo', date: 'Data preventivo', headline: 'TOTALE' },
    receipt: { title: 'RICEVUTA', name: 'Ricevuta', number: 'Numero ricevuta', date: 'Data', headline: 'IMPORTO PAGATO' },
  },
  dueDate: 'Scadenza',
  validUntil: 'Valido fino al',
  due: (date) => `Scadenza ${date}`,
  poNumber: 'N. ordine',
  billTo: 'CLIENTE',
  description: 'Descrizione',
  quantity: 'Q.tà',
  unitPrice: 'Prezzo unitario',
  amount: 'Importo',
  subtotal: 'Subtotale',
  tax: 'IVA',
  total: 'Totale',
  noItems: 'Nessuna voce',
  notes: 'Note',
  paymentInstructions: 'Modalità di pagamento',
  status: { paid: 'PAGATO', overdue: 'SCADUTO' },
  page: (page, total) => `Pagina ${page} di ${total}`,
  continued: 'segue',
};
