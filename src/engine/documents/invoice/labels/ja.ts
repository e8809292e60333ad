import type { InvoiceLabels } from './invoice-labels';

export const ja: InvoiceLabels = {
  documents: {
    invoice: { title: '請求書', name: '請求書', number: '請求書番号', date: '請求日', headline: 'ご請求金額' },
    'credit-note': { title: 'クレジットノート', name: 'クレジットノート', number: 'クレジットノート番号', date: '発行日', headline: '返金額' },
    quote: { title: '見積書', name: '見積書', number: '見積番号', date: '見積日', headline: '合計金額' },
    receipt: { title: '領収書', name: '領収書', number: '領収書番号', date: '発行日', headline: 'お支払金額' },
  },
  dueDate: 'お支払期限',
  validUntil: '有効期限',
  due: (date) => `お支払期限 ${date}`,
  poNumber: '注文番号',
  billTo: '宛先',
  description: '品目',
  quantity: '数量',
  unitPrice: '単価',
  amount: '金額',
  subtotal: '小計',
  tax: '消費税',
  total: '合計',
  noItems: '明細なし',
  notes: '備考',
  paymentInstructions: 'お振込先',
  status: { paid: '支払済', overdue: '期限超過' },
  page: (page, total) => `${page} / ${total} ページ`,
  continued: '続き',
};
