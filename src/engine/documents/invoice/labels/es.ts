import type { InvoiceLabels } from './invoice-labels';

export const es: InvoiceLabels = {
  documents: {
    invoice: { title: 'FACTURA', name: 'Factura', number: 'Número de factura', date: 'Fecha de factura', headline: 'IMPORTE A PAGAR' },
    'credit-note': { title: 'NOTA DE CRÉDITO', name: 'Nota de crédito', number: 'Número de nota de crédito', date: 'Fecha', headline: 'IMPORTE ABONADO' },
    quote: { title: 'PRESUPUESTO', name: 'Presupuesto', number: 'Número de presupuesto', date: 'Fecha del presupuesto', headline: 'TOTAL' },
    receipt: { title: 'RECIBO', name: 'Recibo', number: 'Número de recibo', date: 'Fecha', headline: 'IMPORTE PAGADO' },
  },
  dueDate: 'Vencimiento',
  validUntil: 'Válido hasta',
  due: (date) => `Vence el ${date}`,
  poNumber: 'N.º de pedido',
  billTo: 'CLIENTE',
  description: 'Descripción',
  quantity: 'Cant.',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  subtotal: 'Subtotal',
  tax: 'IVA',
  total: 'Total',
  noItems: 'Sin conceptos',
  notes: 'Notas',
  paymentInstructions: 'Instrucciones de pago',
  status: { paid: 'PAGADO', overdue: 'VENCIDO' },
  page: (page, total) => `Página ${page} de ${total}`,
  continued: 'continuación',
};
