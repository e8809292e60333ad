import type { InvoiceLabels } from './invoice-labels';

export const nl: InvoiceLabels = {
  documents: {
    invoice: { title: 'FACTUUR', name: 'Factuur', number: 'Factuurnummer', date: 'Factuurdatum', headline: 'TE BETALEN' },
    'credit-note': { title: 'CREDITNOTA', name: 'Creditnota', number: 'Creditnotanummer', date: 'Datum', headline: 'GECREDITEERD BEDRAG' },
    quote: { title: 'OFFERTE', name: 'Offerte', number: 'Offertenummer', date: 'Offertedatum', headline: 'TOTAAL' },
    receipt: { title: 'KWITANTIE', name: 'Kwitantie', number: 'Kwitantienummer', date: 'Datum', headline: 'BETAALD BEDRAG' },
  },
  dueDate: 'Vervaldatum',
  validUntil: 'Geldig tot',
  due: (date) => `Te betalen vóór ${date}`,
  poNumber: 'Inkoopordernummer',
  billTo: 'KLANT',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unitPrice: 'Prijs per stuk',
  amount: 'Bedrag',
  subtotal: 'Subtotaal',
  tax: 'btw',
  total: 'Totaal',
  noItems: 'Geen regels',
  notes: 'Opmerkingen',
  paymentInstructions: 'Betalingsinstructies',
  status: { paid: 'BETAALD', overdue: 'ACHTERSTALLIG' },
  page: (page, total) => `Pagina ${page} van ${total}`,
  continued: 'vervolg',
};
