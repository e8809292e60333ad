import type { InvoiceLabels } from './invoice-labels';

export const pt: InvoiceLabels = {
  documents: {
    invoice: { title: 'FATURA', name: 'Fatura', number: 'Número da fatura', date: 'Data da fatura', headline: 'VALOR A PAGAR' },
    'credit-note': { title: 'NOTA DE CRÉDITO', name: 'Nota de crédito', number: 'Número da nota de crédito', date: 'Data', headline: 'VALOR CREDITADO' },
    quote: { title: 'ORÇAMENTO', name: 'Orçamento', number: 'Número do orçamento', date: 'Data do orçamento', headline: 'TOTAL' },
    receipt: { title: 'RECIBO', name: 'Recibo', number: 'Número do recibo', date: 'Data', headline: 'VALOR PAGO' },
  },
  dueDate: 'Vencimento',
  validUntil: 'Válido até',
  due: (date) => `Vencimento em ${date}`,
  poNumber: 'N.º do pedido',
  billTo: 'CLIENTE',
  description: 'Descrição',
  quantity: 'Qtd.',
  unitPrice: 'Preço unitário',
  amount: 'Valor',
  subtotal: 'Subtotal',
  tax: 'Imposto',
  total: 'Total',
  noItems: 'Sem itens',
  notes: 'Observações',
  paymentInstructions: 'Instruções de pagamento',
  status: { paid: 'PAGO', overdue: 'EM ATRASO' },
  page: (page, total) => `Página ${page} de ${total}`,
  continued: 'continuação',
};
