import type { InvoiceLabels } from './invoice-labels';

export const zh: InvoiceLabels = {
  documents: {
    invoice: { title: '发票', name: '发票', number: '发票编号', date: '开票日期', headline: '应付金额' },
    'credit-note': { title: '贷项通知单', name: '贷项通知单', number: '贷项通知单编号', date: '日期', headline: '退款金额' },
    quote: { title: '报价单', name: '报价单', number: '报价单编号', date: '报价日期', headline: '总计' },
    receipt: { title: '收据', name: '收据', number: '收据编号', date: '日期', headline: '已付金额' },
  },
  dueDate: '到期日',
  validUntil: '有效期至',
  due: (date) => `到期日 ${date}`,
  poNumber: '采购订单号',
  billTo: '客户',
  description: '描述',
  quantity: '数量',
  unitPrice: '单价',
  amount: '金额',
  subtotal: '小计',
  tax: '税',
  total: '合计',
  noItems: '无项目',
  notes: '备注',
  paymentInstructions: '付款说明',
  status: { paid: '已付款', overdue: '已逾期' },
  page: (page, total) => `第 ${page} 页，共 ${total} 页`,
  continued: '续',
};
