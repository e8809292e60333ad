'use strict';
const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
// The copy the package ships (copied from integrations/shared at build).
const { coerceBySchema } = require('../dist/nodes/Pdfgen/shared/coerce-by-schema');

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    price: { type: ['number', 'null'] },
    paid: { type: 'boolean' },
    code: { type: 'string' },
    lines: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'number' } } } },
    totals: { type: 'object', additionalProperties: { type: 'number' } },
  },
};

describe('coerceBySchema', () => {
  it('turns text into the integers, numbers and yes/no the schema asks for, nested too', () => {
    const form = { count: ' 10 ', price: '-1.5e2', paid: 'TRUE', code: '007', lines: [{ quantity: '2.5' }], totals: { net: '3' }, extra: '4' };
    assert.deepEqual(coerceBySchema(form, schema), { count: 10, price: -150, paid: true, code: '007', lines: [{ quantity: 2.5 }], totals: { net: 3 }, extra: '4' });
  });

  it('reads lists and objects given as JSON text, and converts inside them', () => {
    assert.deepEqual(coerceBySchema({ lines: '[{"quantity": "4"}]' }, schema), { lines: [{ quantity: 4 }] });
  });

  it('leaves text that is not of the wanted type, so the API names the field', () => {
    assert.deepEqual(coerceBySchema({ count: '1.5', price: 'ten', paid: 'yes', lines: '{"a": 1}' }, schema), { count: '1.5', price: 'ten', paid: 'yes', lines: '{"a": 1}' });
  });

  it('drops empty text for fields that are not text, and reads "null" where null is allowed', () => {
    assert.deepEqual(coerceBySchema({ count: '', price: 'null', code: '' }, schema), { price: null, code: '' });
  });
});
