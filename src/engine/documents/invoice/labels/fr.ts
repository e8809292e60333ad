import type { InvoiceLabels } from './invoice-labels';

export const fr: InvoiceLabels = {
  documents: {
    invoice: { title: 'FACTURE', name: 'Facture', number: 'Numéro de facture', date: 'Date de facture', headline: 'MONTANT DÛ' },
    'credit-note': { title: 'AVOIR', name: 'Avoir', number: 'Numéro d’avoir', date: 'Date', headline: 'MONTANT CRÉDITÉ' },
    quote: { title: 'DEVIS', name: 'Devis', number: 'Numéro de devis', date: 'Date du devis', headline: 'TOTAL' },
    receipt: { title: 'REÇU', name: 'Reçu', number: 'Numéro de reçu', date: 'Date', headline: 'MONTANT PAYÉ' },
  },
  dueDate: 'Échéance',
  validUntil: 'Valable jusqu’au',
  due: (date) => `À payer avant le ${date}`,
  poNumber: 'Bon de commande',
  billTo: 'CLIENT',
  description: 'Description',
  quantity: 'Qté',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  subtotal: 'Sous-total',
  tax: 'TVA',
  total: 'Total',
  noItems: 'Aucune ligne',
  notes: 'Remarques',
  paymentInstructions: 'Modalités de paiement',
  status: { paid: 'PAYÉ', overdue: 'EN RETARD' },
  page: (page, total) => `Page ${page} sur ${total}`,
  continued: 'suite',
};
