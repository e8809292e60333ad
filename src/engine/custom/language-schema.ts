import { deepFreeze, JsonSchema } from '../templates/schemas';

/**
 * JSON Schema (draft-07) of a layout in the template language: `{ theme?, header?, footer?, body }`.
 * Strict-mode clean for ajv, every reference internal (`#/definitions/...`), every block closed
 * (`additionalProperties: false`) so that a misspelt property is reported. What a schema cannot
 * say (Liquid syntax, filters, expressions, images) is checked by compileLayout.
 */

/** Every block type, in the order the documentation lists them. */
export const BLOCK_TYPES = [
  'text',
  'columns',
  'table',
  'each',
  'if',
  'keyValue',
  'image',
  'qr',
  'box',
  'divider',
  'spacer',
  'pageBreak',
  'list',
  'grid',
  'progress',
  'badge',
  'calendar',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const TEXT_STYLES = ['title', 'heading', 'body', 'small', 'muted', 'label'] as const;
export const FONT_FAMILIES = ['sans', 'serif', 'mono'] as const;
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
/** What a text block is in the document's structure: a heading of a level, or a paragraph. */
export const TEXT_ROLES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'] as const;

/** Longest Liquid template or expression in one property. */
export const MAX_TEMPLATE_CHARS = 20_000;
export const MAX_BLOCKS_PER_LIST = 500;

const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });
const liquid = (description: string): JsonSchema => ({ type: 'string', maxLength: MAX_TEMPLATE_CHARS, description });
const expression = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 1000, description });
const points = (description: string, maximum = 2000, minimum = 0): JsonSchema => ({ type: 'number', minimum, maximum, description });
const name = (fallback: string): JsonSchema => ({
  type: 'string',
  pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  maxLength: 64,
  description: `Name under which each element is available to the Liquid templates inside (default "${fallback}"); forloop.index, forloop.first, forloop.last... as in Liquid.`,
});
const align = (description: string): JsonSchema => ({ type: 'string', enum: ALIGNMENTS, description });
const blocks = (description: string): JsonSchema => ({ ...ref('blocks'), description });

/** A block's schema: its `type` and its own properties, nothing else. */
function block(type: BlockType, description: string, properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    description,
    properties: { type: { const: type, description: `The block type: "${type}".` }, ...properties },
    required: ['type', ...required],
    additionalProperties: false,
  };
}

const BLOCKS: Record<BlockType, JsonSchema> = {
  text: block(
    'text',
    'A paragraph of wrapped text.',
    {
      text: liquid('The text, a Liquid template: "Invoice {{ invoiceNumber }}".'),
      style: { type: 'string', enum: TEXT_STYLES, description: 'A style of the theme: title, heading, body (default), small, muted or label (small capitals).' },
      size: points('Font size in points, over the style\'s.', 96, 1),
      bold: { type: 'boolean', description: 'Bold weight, over the style\'s.' },
      italic: { type: 'boolean', description: 'Italic, over the style\'s.' },
      color: ref('color'),
      align: align('Horizontal alignment (default: the start of the text, left; right for right-to-left text).'),
      role: {
        type: 'string',
        enum: TEXT_ROLES,
        description: 'What the text is in the tagged structure, read by screen readers: a heading h1 to h6 or a paragraph p (default: h1 for the title style, h2 for heading, else p). Heading levels start at h1 and never skip one in the file.',
      },
    },
    ['text'],
  ),
  columns: block(
    'columns',
    'Blocks side by side, kept on one page.',
    {
      columns: {
        type: 'array',
        minItems: 1,
        maxItems: 12,
        description: 'The columns, left to right.',
        items: {
          type: 'object',
          properties: { width: ref('width'), blocks: blocks('The blocks of this column.') },
          required: ['blocks'],
          additionalProperties: false,
        },
      },
      gap: points('Space between columns in points (default 16).', 500),
    },
    ['columns'],
  ),
  table: block(
    'table',
    'A table with one row per element of an array; the header repeats on every page, rows are never cut.',
    {
      rows: expression('An expression naming an array of the data: "items", "order.lines".'),
      as: name('row'),
      columns: {
        type: 'array',
        minItems: 1,
        maxItems: 20,
        description: 'The columns, left to right.',
        items: {
          type: 'object',
          properties: {
            header: liquid('Header text, a Liquid template.'),
            cell: liquid('Cell text, a Liquid template evaluated for each row: "{{ row.quantity }}".'),
            width: ref('width'),
            align: align('Alignment of the header and cells (default: the start of the text, left; right for right-to-left text).'),
            badge: { type: 'boolean', description: 'Draw each cell as a status badge (paid: green, overdue: red...), on one line.' },
          },
          required: ['header', 'cell'],
          additionalProperties: false,
        },
      },
      totals: {
        type: 'array',
        maxItems: 20,
        description: 'Lines under the table: the label across every column but the last, the value in the last.',
        items: {
          type: 'object',
          properties: {
            label: liquid('Label, a Liquid template: "Subtotal".'),
            value: liquid('Value, a Liquid template: "{{ subtotal | money: \\"EUR\\" }}".'),
            bold: { type: 'boolean', description: 'Emphasised, as a grand total.' },
          },
          required: ['label', 'value'],
          additionalProperties: false,
        },
      },
      empty: liquid('Text of the single row shown when the array is empty (default "—").'),
    },
    ['rows', 'columns'],
  ),
  each: block(
    'each',
    'Repeats blocks for every element of an array.',
    { items: expression('An expression naming an array of the data: "sections".'), as: name('item'), blocks: blocks('The blocks drawn for each element.') },
    ['items', 'blocks'],
  ),
  if: block(
    'if',
    'Draws blocks when a condition holds.',
    {
      condition: expression('A Liquid condition: "paid", "total > 100", "notes != blank".'),
      blocks: blocks('Drawn when the condition holds.'),
      else: blocks('Drawn otherwise.'),
    },
    ['condition', 'blocks'],
  ),
  keyValue: block(
    'keyValue',
    'Labels with their values, one pair a line (invoice number, dates).',
    {
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        description: 'The pairs, top to bottom.',
        items: {
          type: 'object',
          properties: { key: liquid('The label, a Liquid template.'), value: liquid('The value, a Liquid template.') },
          required: ['key', 'value'],
          additionalProperties: false,
        },
      },
    },
    ['items'],
  ),
  image: block(
    'image',
    'A PNG or JPEG image given as a data URI; nothing is ever fetched.',
    {
      src: { type: 'string', minLength: 1, description: 'A data:image/png or data:image/jpeg base64 URI, or a Liquid template giving one: "{{ logo }}".' },
      width: points('Width in points (default: natural size, at most the available width).', 2000, 1),
      height: points('Height in points (default: from the width and the image\'s proportions).', 2000, 1),
      align: align('Horizontal alignment (default left).'),
      alt: liquid(
        'Alternative text read out instead of the image (tagged PDF: a Figure with this /Alt), a Liquid template: "{{ company }} logo". Without it (or when it comes out empty) the image is decoration: an Artifact, skipped by screen readers.',
      ),
    },
    ['src'],
  ),
  qr: block(
    'qr',
    'A QR code of a string (error correction M).',
    { value: liquid('The encoded text, a Liquid template: "{{ trackingUrl }}".'), size: points('Side in points, quiet zone included (default 96).', 600, 16), align: align('Horizontal alignment (default left).') },
    ['value'],
  ),
  box: block(
    'box',
    'A panel around blocks, kept together on one page.',
    {
      padding: points('Inner space in points (default 10).', 200),
      border: {
        description: 'A border colour, or its colour and width in points.',
        oneOf: [
          ref('color'),
          {
            type: 'object',
            properties: { color: ref('color'), width: points('Line width in points (default 0.75).', 20) },
            additionalProperties: false,
          },
        ],
      },
      background: ref('color'),
      radius: points('Corner radius in points (default 4).', 100),
      blocks: blocks('The blocks inside the box.'),
    },
    ['blocks'],
  ),
  divider: block('divider', 'A horizontal rule across the available width.', { color: ref('color') }),
  spacer: block('spacer', 'Empty vertical space.', { height: points('Height in points.') }, ['height']),
  pageBreak: block('pageBreak', 'Continues on a new page.', {}),
  list: block(
    'list',
    'A bulleted or numbered list with one entry per element of an array.',
    {
      items: expression('An expression naming an array of the data: "highlights".'),
      as: name('item'),
      text: liquid('The text of an entry, a Liquid template: "{{ item.title }}".'),
      ordered: { type: 'boolean', description: 'Numbered (1. 2. 3.) rather than bulleted.' },
    },
    ['items', 'text'],
  ),
  grid: block(
    'grid',
    'Repeats blocks for every element of an array in a grid of equal columns; rows are kept whole.',
    {
      items: expression('An expression naming an array of the data: "products".'),
      as: name('item'),
      columns: { type: 'integer', minimum: 1, maximum: 12, description: 'Cells per row.' },
      gap: points('Space between cells in points (default 10).', 200),
      blocks: blocks('The blocks of one cell.'),
    },
    ['items', 'columns', 'blocks'],
  ),
  progress: block(
    'progress',
    'A progress bar with its percentage.',
    {
      value: liquid('The percentage, 0 to 100, a Liquid template: "{{ project.progress }}".'),
      label: liquid('A label above the bar, a Liquid template.'),
      color: ref('color'),
    },
    ['value'],
  ),
  badge: block(
    'badge',
    'A small rounded status label; common status words get their colour (paid: green, overdue: red...).',
    { text: liquid('The label, a Liquid template: "{{ status }}".'), color: ref('color'), align: align('Horizontal alignment (default left).') },
    ['text'],
  ),
  calendar: block(
    'calendar',
    'A month as a grid of weeks with the events of the data (one day: a chip; several days, or any element of ranges: a bar), and a legend of their categories.',
    {
      month: liquid('The month, a Liquid template giving YYYY-MM: "{{ month }}".'),
      events: expression('An expression naming an array of events: "events".'),
      ranges: expression('An expression naming a second array of events, read with the same templates, each drawn as a bar even when it lasts one day.'),
      as: name('event'),
      title: liquid('Text of an event, a Liquid template (default "{{ event.title }}").'),
      start: liquid('First day of an event as YYYY-MM-DD, a Liquid template (default "{{ event.start }}").'),
      end: liquid('Last day of an event as YYYY-MM-DD, a Liquid template (default "{{ event.end }}"; empty: one day).'),
      color: liquid('Hex colour of an event, a Liquid template (default "{{ event.color }}"; empty: its category\'s colour).'),
      category: liquid('Category of an event, named in the legend, a Liquid template (default "{{ event.category }}").'),
      weekStart: {
        type: 'string',
        maxLength: MAX_TEMPLATE_CHARS,
        pattern: '^(monday|sunday)$|\\{[{%]',
        description: 'First day of the week: "monday" (the default) or "sunday", or a Liquid template giving one ("{{ weekStart }}"; empty: monday).',
      },
      height: points('Height of the grid in points, at most the page\'s (default: the room left on the page, moving to the next page when that is less than half a page).', 2000, 60),
    },
    ['month', 'events'],
  ),
};

/** Frozen, as the built-in schemas are: served and compiled as it is. */
export const TEMPLATE_LANGUAGE_SCHEMA: JsonSchema = deepFreeze({
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Template layout',
  description: 'A document in the template language: a body of blocks, with an optional header, footer and theme. Strings are Liquid templates evaluated against the data.',
  type: 'object',
  properties: {
    $schema: { type: 'string', description: 'The URL of this schema, for editors.' },
    theme: ref('theme'),
    header: blocks('Blocks drawn at the top of every page; "{{ page.number }}" and "{{ page.total }}" are available.'),
    footer: blocks('Blocks drawn at the bottom of every page; "{{ page.number }}" and "{{ page.total }}" are available.'),
    body: blocks('The content, flowed over as many pages as it needs.'),
  },
  required: ['body'],
  additionalProperties: false,
  definitions: {
    blocks: { type: 'array', maxItems: MAX_BLOCKS_PER_LIST, description: 'Blocks, drawn one under another.', items: ref('block') },
    block: {
      type: 'object',
      description: 'A block; `type` says which.',
      properties: { type: { type: 'string', enum: BLOCK_TYPES, description: 'The block type.' } },
      required: ['type'],
      // One branch per type: a block is checked against its own type's properties only.
      allOf: BLOCK_TYPES.map((type) => ({
        if: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
        then: ref(`${type}Block`),
      })),
    },
    ...Object.fromEntries(BLOCK_TYPES.map((type) => [`${type}Block`, BLOCKS[type]])),
    theme: {
      type: 'object',
      description: 'Colours, base font size and font family of the document.',
      properties: {
        accent: ref('hexColor'),
        text: ref('hexColor'),
        muted: ref('hexColor'),
        fontSize: { type: 'number', minimum: 6, maximum: 16, description: 'Body text size in points (default 9); the other styles scale with it.' },
        fontFamily: { type: 'string', enum: FONT_FAMILIES, description: 'sans (DejaVu Sans, default), serif (DejaVu Serif) or mono (DejaVu Sans Mono).' },
      },
      additionalProperties: false,
    },
    width: {
      description: 'A column width: points (120), a percentage of the row over 0 and up to 100 ("40%") or a share of the room left ("1fr", "2fr").',
      oneOf: [
        { type: 'number', exclusiveMinimum: 0, maximum: 2000 },
        // Over 0 and at most 100%; fr over 0 (same rule as readWidth).
        { type: 'string', pattern: '^0*(100(\\.0+)?|[1-9][0-9]?(\\.[0-9]+)?|0\\.[0-9]*[1-9][0-9]*)%$' },
        { type: 'string', pattern: '^0*([1-9][0-9]*(\\.[0-9]+)?|0\\.[0-9]*[1-9][0-9]*)fr$' },
      ],
    },
    hexColor: { type: 'string', pattern: '^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: 'A hex colour: "#1e3a8a".' },
    color: {
      type: 'string',
      maxLength: 1000,
      pattern: '^(#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})|.*\\{\\{.*|.*\\{%.*)$',
      description: 'A hex colour ("#1e3a8a"), or a Liquid template giving one.',
    },
  },
});
