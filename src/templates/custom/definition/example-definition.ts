/**
 * A complete create body: the example of the OpenAPI document, and a definition the API tests
 * store and render (so the published example is known to be valid).
 */
export const EXAMPLE_TEMPLATE_BODY = {
  id: 'packing-slip',
  name: 'Packing slip',
  description: 'One page per order, with a QR code of the tracking link',
  category: 'custom',
  schema: {
    type: 'object',
    required: ['orderNumber', 'customer', 'items'],
    properties: {
      orderNumber: { type: 'string' },
      orderDate: { type: 'string', format: 'date' },
      customer: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, address: { type: 'string' } } },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 500,
        items: { type: 'object', required: ['description', 'quantity'], properties: { description: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } },
      },
      trackingUrl: { type: 'string' },
    },
  },
  layout: {
    theme: { accent: '#1e3a8a' },
    header: [{ type: 'text', text: 'Packing slip {{ orderNumber }}', style: 'muted', align: 'right' }],
    body: [
      { type: 'text', text: 'Order {{ orderNumber }}', style: 'title' },
      { type: 'keyValue', items: [{ key: 'Ship to', value: '{{ customer.name }}' }, { key: 'Date', value: '{{ orderDate }}' }] },
      {
        type: 'table',
        rows: 'items',
        as: 'item',
        columns: [
          { header: 'Item', cell: '{{ item.description }}' },
          { header: 'Quantity', cell: '{{ item.quantity }}', align: 'right', width: 80 },
        ],
      },
      { type: 'if', condition: 'trackingUrl', blocks: [{ type: 'qr', value: '{{ trackingUrl }}', size: 96 }] },
    ],
    footer: [{ type: 'text', text: 'Page {{ page.number }} of {{ page.total }}', style: 'small', align: 'center' }],
  },
  defaultOptions: { format: 'A4' },
  sampleData: {
    orderNumber: 'SO-1042',
    orderDate: '2025-03-14',
    customer: { name: 'Ada Lovelace', address: '12 St James Square, London' },
    items: [
      { description: 'Walnut desk organiser', quantity: 1 },
      { description: 'Brass pen tray', quantity: 2 },
    ],
    trackingUrl: 'https://track.example.com/SO-1042',
  },
};
