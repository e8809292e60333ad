import type { InvoiceLabels } from './invoice-labels';

export const de: InvoiceLabels = {
  documents: {
    invoice: { title: 'RECHNUNG', name: 'Rechnung', number: 'Rechnungsnummer', date: 'Rechnungsdatum', headline: 'ZU ZAHLEN' },
    'credit-note': { title: 'GUTSCHRIFT', name: 'Gutschrift', number: 'Gutschriftsnummer', date: 'Datum', headline: 'GUTSCHRIFTSBETRAG' },
    quote: { title: 'ANGEBOT', name: 'Angebot', number: 'Angebotsnummer', date: 'Angebotsdatum', headline: 'GESAMTBETRAG' },
    receipt: { title: 'QUITTUNG', name: 'Quittung', number: 'Quittungsnummer', date: 'Datum', headline: 'BEZAHLTER BETRAG' },
  },
  dueDate: 'Fällig am',
  validUntil: 'Gültig bis',
  due: (date) => `Fällig am ${date}`,
  poNumber: 'Bestellnummer',
  billTo: 'EMPFÄNGER',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  tax: 'MwSt.',
  total: 'Gesamt',
  noItems: 'Keine Positionen',
  notes: 'Hinweise',
  paymentInstructions: 'Zahlungshinweise',
  status: { paid: 'BEZAHLT', overdue: 'ÜBERFÄLLIG' },
  page: (page, total) => `Seite ${page} von ${total}`,
  continued: 'Fortsetzung',
};
