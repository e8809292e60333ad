/** A realistic invoice using every field of the invoice-basic payload; totals add up. */
export const INVOICE_BASIC_SAMPLE: Record<string, unknown> = {
  invoiceNumber: 'INV-2025-0142',
  invoiceDate: '2025-03-03',
  dueDate: '2025-04-02',
  company: {
    name: 'Northwind Post Production Ltd.',
    address: '4100 Lankershim Blvd, Suite 210, North Hollywood, CA 91602',
    email: 'billing@northwindpost.example',
    phone: '+1 (818) 555-0142',
  },
  client: {
    name: 'Bluebird Pictures LLC',
    address: '1250 Vine Street, 3rd Floor, Los Angeles, CA 90038',
    email: 'accounts.payable@bluebirdpictures.example',
  },
  items: [
    { description: 'Offline editorial, week 1-4', quantity: 4, unitPrice: 3200, amount: 12800 },
    { description: 'Colour grading (DaVinci suite, per day)', quantity: 5, unitPrice: 1450, amount: 7250 },
    { description: '5.1 sound mix and stems', quantity: 1, unitPrice: 6800, amount: 6800 },
    { description: 'VFX clean-up shots', quantity: 18, unitPrice: 275, amount: 4950 },
    { description: 'DCP mastering and QC', quantity: 1, unitPrice: 2400, amount: 2400 },
    { description: 'LTO archive tapes', quantity: 6, unitPrice: 85.5, amount: 513 },
    { description: 'Courier, drive shipment to lab', quantity: 2, unitPrice: 62.5, amount: 125 },
  ],
  subtotal: 34838,
  tax: 3309.61,
  total: 38147.61,
  notes:
    'Thank you for trusting us with "The Long Coast". Sales tax at 9.5% applies to tangible items and services as billed. ' +
    'Questions about this invoice: billing@northwindpost.example.',
  paymentInstructions:
    'Pay by ACH or wire within 30 days to Northwind Post Production Ltd., First Coastal Bank, ' +
    'routing 121000358, account 004417256. Please quote INV-2025-0142 as the reference.',
};
