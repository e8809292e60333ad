import { EnvelopeSchema, GENERATE_REQUEST_SCHEMA, MESSAGE_KEYWORD } from '../../generation/request/generate-request.schema';

export const MAX_BATCH_ITEMS = 500;

const generate = GENERATE_REQUEST_SCHEMA.properties!;

/** One item: a generate request without outputFormat (items are hosted files) or webhook (the batch has one). */
export const BATCH_ITEM_SCHEMA: EnvelopeSchema = {
  type: 'object',
  required: ['templateId', 'data'],
  properties: { templateId: generate.templateId, templateVersion: generate.templateVersion, data: generate.data, options: generate.options },
};

const ITEMS_SHAPE = `items must be an array of 1 to ${MAX_BATCH_ITEMS} objects`;

/**
 * The body of POST /api/v1/batches (DECISIONS section 15), as validated and as published. Each
 * item is checked afterwards by the generate parser, in its place (`items[3].`).
 */
export const BATCH_REQUEST_SCHEMA: EnvelopeSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
      items: BATCH_ITEM_SCHEMA,
      description: `1 to ${MAX_BATCH_ITEMS} generate requests, rendered as hosted files; each success counts one generation`,
      [MESSAGE_KEYWORD]: { required: 'items is required', type: ITEMS_SHAPE, minItems: ITEMS_SHAPE, maxItems: ITEMS_SHAPE },
    },
    merge: {
      type: 'boolean',
      description: 'Also join the successful items, in order, into one more hosted PDF with a bookmark per item (not counted)',
      [MESSAGE_KEYWORD]: 'merge must be boolean',
    },
    webhook: { ...generate.webhook, description: 'POSTed the batch (type batch.finished) when its last item has ended' },
  },
};

/** The envelope as the validator checks it: each item only as an object, since the generate parser checks it whole. */
export const BATCH_ENVELOPE_SCHEMA: EnvelopeSchema = {
  ...BATCH_REQUEST_SCHEMA,
  properties: {
    ...BATCH_REQUEST_SCHEMA.properties,
    items: { ...BATCH_REQUEST_SCHEMA.properties!.items, items: { type: 'object', [MESSAGE_KEYWORD]: '{path} must be an object' } },
  },
};
