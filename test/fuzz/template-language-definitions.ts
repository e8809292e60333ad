import fc from 'fast-check';
import { dataUri, PNG_BOMB, pngBytes, TINY_JPEG } from '../support/images';
import { hostileString, hostileValue } from './hostile-values';
import { imageDataUri } from './images';
import { parentOf, pathsOf, toJsonText } from './json-text';

/**
 * Definitions in the template language (DECISIONS section 9 and the team plan's additions), drawn
 * from its grammar, then mutated: wrong types, unknown block types, broken or hostile Liquid,
 * odd numbers, unicode. Data is drawn from the same few names the expressions use, so that
 * loops, conditions and images meet real values as well as wrong ones.
 */

/** Names the expressions read and the data carries. */
const NAMES = ['client', 'items', 'total', 'name', 'x', 'rows', 'logo', 'fragile', 'month', 'events', 'value', 'row', 'item', 'page', 'tags'];
const MEMBERS = ['name', 'amount', 'size', 'first', 'last', '0', 'title', 'number', 'total', 'start', 'description'];

const variable = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...MEMBERS)).map(([a, b]) => `${a}.${b}`) },
  fc.constantFrom('page.number', 'page.total', 'items[0].amount', 'client["name"]', 'items.size', 'items[-1]'),
);

const filter = fc.constantFrom(
  'money: "EUR"',
  'money: "JPY", "ja-JP"',
  'money: "EUR", "de-DE"',
  'money: "XXX"',
  'money: "not-a-currency"',
  'money: 7',
  'number',
  'number: 2',
  'number: 2, "de-DE"',
  'number: 100',
  'number: -1',
  'number: 2, "not a locale"',
  'percent',
  'percent: 1',
  'percent: 1000',
  'date: "%d %B %Y"',
  'date: "%Y-%m-%d %H:%M"',
  'date',
  'upcase',
  'downcase',
  'size',
  'first',
  'last',
  'reverse',
  'sort',
  'join: ", "',
  'split: ","',
  'append: "!"',
  'prepend: "#"',
  'default: "-"',
  'truncate: 5',
  'truncatewords: 1',
  'times: 2',
  'times: 1e308',
  'divided_by: 0',
  'modulo: 0',
  'plus: 1',
  'minus: "a"',
  'round: 2',
  'abs',
  'ceil',
  'escape',
  'strip_html',
  'newline_to_br',
  'url_encode',
  'replace: "a", "b"',
  'slice: -1000000000, 5',
  'slice: 0, 1000000000',
  'where: "name", "x"',
  'map: "amount"',
  'sum: "amount"',
  'json',
  'inspect',
  'unknown_filter',
  // Arguments the compiler cannot check: they come from the data.
  'money: x',
  'money: "EUR", x',
  'number: x',
  'number: 2, x',
  'number: 101',
  'number: 1e9',
  'percent: x',
  'percent: 1e9',
  'date: x',
  'date: "%Y", x',
  'truncate: x',
  'slice: x, x',
  'round: x',
);

/** Tags and expressions a careful author writes. */
const goodLiquid = fc.oneof(
  fc.tuple(variable).map(([v]) => `{{ ${v} }}`),
  fc.tuple(variable, filter).map(([v, f]) => `{{ ${v} | ${f} }}`),
  fc.tuple(variable, filter, filter).map(([v, f, g]) => `{{ ${v} | ${f} | ${g} }}`),
  fc.tuple(variable, fc.string({ maxLength: 8 })).map(([v, s]) => `{% if ${v} %}${s}{% else %}-{% endif %}`),
  fc.tuple(variable, variable).map(([v, w]) => `{% for i in ${v} %}{{ i }}{{ ${w} }}{% endfor %}`),
  fc.tuple(variable).map(([v]) => `{% for i in ${v} limit: 3 offset: 1 %}{{ forloop.index }}{% else %}none{% endfor %}`),
  fc.tuple(variable).map(([v]) => `{% unless ${v} %}no{% endunless %}`),
  fc.tuple(variable).map(([v]) => `{% case ${v} %}{% when 1 %}one{% when "a" %}a{% else %}other{% endcase %}`),
  fc.tuple(variable).map(([v]) => `{% assign t = ${v} | default: "x" %}{{ t }}`),
  fc.tuple(variable).map(([v]) => `{% capture c %}[{{ ${v} }}]{% endcapture %}{{ c }}{{ c }}`),
  fc.constantFrom('{% raw %}{{ not evaluated }}{% endraw %}', '{% comment %}hidden{% endcomment %}', '{% increment n %}{% increment n %}', '{% cycle "a", "b" %}', '{%- if true -%} trimmed {%- endif -%}', '{{ "now" | date: "%Y" }}', '{{ 1 | plus: 2 }}', '{% liquid echo "x" %}'),
  fc.integer({ min: 0, max: 200 }).map((n) => `{% for i in (1..${n}) %}{{ i }} {% endfor %}`),
);

/** Tags and expressions of an attacker or a mistake. */
const badLiquid = fc.oneof(
  fc.constantFrom(
    '{{',
    '}}',
    '{{ }}',
    '{%',
    '%}',
    '{% %}',
    '{% if %}',
    '{% if x %}',
    '{% endif %}',
    '{% for %}',
    '{% for i in %}x{% endfor %}',
    '{% endfor %}',
    '{{ x | }}',
    '{{ x | money: }}',
    '{{ x || y }}',
    '{{ "unterminated }}',
    "{{ 'a' | append: 'b' | append: }}",
    '{% raw %}',
    '{% comment %}',
    '{% nosuchtag %}',
    '{{ x..y }}',
    '{{ x[ }}',
    '{{ x[1e999] }}',
    '{{ (1..) }}',
    '{% assign %}',
    '{% assign = 1 %}',
    '{% capture %}',
    '{% case %}{% endcase %}',
    '{% tablerow i in items %}{{ i }}{% endtablerow %}',
    '{% break %}',
    '{% continue %}',
    '{% echo %}',
    '{% liquid %}',
    '{% liquid if %}',
    '{{- -}}',
    '{%- -%}',
  ),
  fc.constantFrom(
    '{{ constructor }}',
    '{{ x.constructor }}',
    '{{ x.constructor.constructor }}',
    '{{ x.constructor.constructor("return process")() }}',
    '{{ __proto__ }}',
    '{{ x.__proto__ }}',
    '{{ x["__proto__"] }}',
    '{{ items["constructor"]["name"] }}',
    '{{ name.length }}',
    '{{ toString }}',
    '{{ hasOwnProperty }}',
    '{{ process.env }}',
    '{{ global.process }}',
    '{{ this }}',
    '{% assign __proto__ = "x" %}{{ __proto__ }}',
    '{% assign constructor = "x" %}{{ constructor }}',
    '{% assign x = "" | append: "con" | append: "structor" %}{{ items[x] }}',
    '{% assign k = "__pro" | append: "to__" %}{{ client[k] }}{{ client[k].polluted }}',
    '{% include "package.json" %}',
    "{% include '/etc/passwd' %}",
    '{% render "../../package.json" %}',
    "{% render 'x' %}",
    '{% layout "x" %}body',
    '{% block a %}x{% endblock %}',
    '{% include x %}',
  ),
  // Fragments of tags glued to text in any order.
  fc.array(fc.oneof(fc.constantFrom('{{', '}}', '{%', '%}', '|', ':', ' if ', ' for ', ' in ', 'endif', 'endfor', '"', "'", '..', '(', ')', '[', ']'), variable, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
);

/**
 * Output that grows with nested loops: the evaluation must stay bounded in size. Loops that print
 * nothing run into Liquid's time budget (10 s a document) instead: hostile-layouts.spec.ts has
 * them, the fuzz leaves them out to stay quick.
 */
const explodingLiquid = fc.oneof(
  fc.integer({ min: 2, max: 6 }).map((depth) => `${'{% for i in (1..1000) %}'.repeat(depth)}x${'{% endfor %}'.repeat(depth)}`),
  fc.constantFrom(
    '{% for i in (1..1000000) %}{{ i }}{% endfor %}',
    '{% assign s = "xxxxxxxxxx" %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
    '{% capture c %}{% for i in (1..100000) %}0123456789{% endfor %}{% endcapture %}{{ c }}{{ c }}{{ c }}',
    '{{ "x" | append: "x" | times: 1000000 }}',
  ),
);

/** The values a property takes: valid ones only (clean), or mostly valid with odd ones now and then (wild). */
interface Values {
  liquid: fc.Arbitrary<string>;
  expression: fc.Arbitrary<unknown>;
  color: fc.Arbitrary<unknown>;
  size: fc.Arbitrary<unknown>;
  width: fc.Arbitrary<unknown>;
  align: fc.Arbitrary<unknown>;
  image: fc.Arbitrary<unknown>;
  name: fc.Arbitrary<unknown>;
  style: fc.Arbitrary<unknown>;
  month: fc.Arbitrary<unknown>;
  fontFamily: fc.Arbitrary<unknown>;
  fontSize: fc.Arbitrary<unknown>;
  /** Cells per row of a grid. */
  count: fc.Arbitrary<unknown>;
  type: fc.Arbitrary<string | undefined>;
}

const SMALL_PNG = dataUri(pngBytes({ width: 2, height: 2 }));

const CLEAN: Values = {
  liquid: fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 6, arbitrary: goodLiquid }, { weight: 1, arbitrary: explodingLiquid }),
  expression: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('items', 'rows', 'client.items', 'events', 'tags', 'x') }, fc.constantFrom('(1..5)', '(1..1000000)', 'items | reverse', 'total > 100', 'fragile and x', 'items.size > 2')),
  color: fc.constantFrom('#1f6feb', '#000000', '#ffffff', '#abc'),
  size: fc.integer({ min: 1, max: 20 }),
  width: fc.constantFrom('60%', '40%', '1fr', '2fr', 120),
  align: fc.constantFrom('left', 'center', 'right'),
  image: fc.constantFrom(SMALL_PNG, dataUri(TINY_JPEG, 'jpeg'), '{{ logo }}', '{{ item.image }}'),
  name: fc.constantFrom('row', 'item', 'i'),
  style: fc.constantFrom('title', 'heading', 'body', 'small', 'muted'),
  month: fc.constantFrom('2025-03', '{{ month }}'),
  fontFamily: fc.constantFrom('sans', 'serif', 'mono'),
  fontSize: fc.integer({ min: 6, max: 16 }),
  count: fc.integer({ min: 1, max: 12 }),
  type: fc.constant(undefined),
};

const WILD: Values = {
  liquid: fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 6, arbitrary: goodLiquid },
    { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), goodLiquid, fc.string({ maxLength: 10 }), goodLiquid).map((parts) => parts.join('')) },
    { weight: 3, arbitrary: badLiquid },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: explodingLiquid },
  ),
  expression: fc.oneof(
    { weight: 6, arbitrary: CLEAN.expression },
    { weight: 2, arbitrary: variable },
    fc.constantFrom('(1..100000000)', '(-5..5)', '(5..1)', 'items | where: "name", "a"', 'items | sort: "amount"', 'not x', 'x == "a" or y', ''),
    fc.constantFrom('{{ items }}', 'constructor', '__proto__', 'items.constructor', 'x.__proto__', 'items[', '"a string"', '42', 'nil', 'empty', 'blank', '(1..x)', '(x..y)'),
    { weight: 2, arbitrary: badLiquid },
    hostileString,
  ),
  color: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('#1f6feb', '#000', '#ffffff', '#abc', 'red', 'navy') },
    fc.constantFrom('#12345678', '#ggg', 'not-a-color', '', 'rgb(1,2,3)', 'transparent', '#', '{{ x }}', 'javascript:alert(1)'),
    hostileString,
  ),
  size: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 200 }) },
    fc.constantFrom(0, -1, -1e308, 1e308, 1e-300, 0.5, 2 ** 31, 10_000, 100_000),
    fc.double(),
    fc.constantFrom('12', 'NaN', 'Infinity', '-0', '1e999', ''),
  ),
  width: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('60%', '40%', '1fr', '2fr', 120, 'auto') },
    fc.constantFrom('0%', '100%', '200%', '-10%', '0fr', '-1fr', '1e308fr', 'NaN%', '%', 'fr', 'abc', 0, -5, 1e9, 1e308, '50', '1.5fr', ' 1fr'),
    fc.double(),
  ),
  align: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('left', 'center', 'right') }, fc.constantFrom('justify', 'middle', '', 'LEFT'), hostileValue),
  image: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(SMALL_PNG, dataUri(TINY_JPEG, 'jpeg'), '{{ logo }}', '{{ item.image }}') },
    { weight: 2, arbitrary: imageDataUri },
    fc.constantFrom(
      dataUri(PNG_BOMB),
      'http://127.0.0.1:9/logo.png',
      'https://example.com/logo.png',
      'file:///etc/passwd',
      '//example.com/logo.png',
      '/etc/passwd',
      '../../fonts/DejaVuSans.ttf',
      'data:image/svg+xml;base64,PHN2Zy8+',
      'data:image/png,not-base64',
      'data:image/png;base64,',
      'data:text/html,<script>',
      'javascript:alert(1)',
      '{{ logo }}{{ logo }}',
      '',
    ),
    hostileString,
  ),
  name: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('row', 'item', 'i') }, fc.constantFrom('', 'page', 'constructor', '__proto__', 'a b', 'items', 'forloop'), hostileString),
  style: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('title', 'heading', 'body', 'small', 'muted') }, fc.constantFrom('huge', '', 'Title'), hostileValue),
  month: fc.oneof(fc.constantFrom('2025-03', '{{ month }}', '2025-13', '0000-01', '9999-12', 'March', '275760-09', '-001-01'), fc.string({ maxLength: 10 })),
  fontFamily: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('sans', 'serif', 'mono') }, fc.constantFrom('comic', '', 'Helvetica', '../../etc/passwd'), hostileValue),
  fontSize: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 6, max: 16 }) }, fc.constantFrom(0, 5.99, 16.01, 1e308, -1, 'NaN'), fc.double()),
  count: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }) }, fc.constantFrom(0, 13, 1000, 1e9, 2.5, -1, '3')),
  type: fc.oneof({ weight: 20, arbitrary: fc.constant(undefined) }, fc.constantFrom('unknown', 'script', 'html', 'Text', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty'), hostileString),
};

/** Blocks of every type, nested a few levels, and definitions made of them. */
function language(values: Values) {
  const { liquid, expression, color, size, width, align } = values;
  const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
  // Optional properties come from `optional`, whose undefined drops them.
  const record = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(model).map((value) => dropUndefined(value as Record<string, unknown>));
  const { block } = fc.letrec<{ block: Record<string, unknown> }>((tie) => {
    const blocks = fc.array(tie('block'), { maxLength: 4, depthIdentifier: 'blocks' });
    const typed = (type: string) => (fields: Record<string, unknown>) => ({ type, ...dropUndefined(fields) });
    return {
      block: fc
        .tuple(
          fc.oneof(
            { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
            { weight: 8, arbitrary: record({ text: liquid, style: optional(values.style), size: optional(size), bold: optional(fc.boolean()), italic: optional(fc.boolean()), color: optional(color), align: optional(align) }).map(typed('text')) },
            { weight: 2, arbitrary: record({ columns: fc.array(fc.record({ width, blocks }), { minLength: 1, maxLength: 4 }), gap: optional(size) }).map(typed('columns')) },
            {
              weight: 3,
              arbitrary: fc
                .record({
                  rows: expression,
                  as: values.name,
                  columns: fc.array(record({ header: liquid, cell: liquid, width: optional(width), align: optional(align) }), { minLength: 1, maxLength: 6 }),
                  totals: optional(fc.array(record({ label: liquid, value: liquid, bold: optional(fc.boolean()) }), { maxLength: 3 })),
                })
                .map(typed('table')),
            },
            { weight: 2, arbitrary: fc.record({ items: expression, as: values.name, blocks }).map(typed('each')) },
            { weight: 2, arbitrary: fc.record({ condition: expression, blocks, else: optional(blocks) }).map(typed('if')) },
            { weight: 2, arbitrary: fc.record({ items: fc.array(fc.record({ key: liquid, value: liquid }), { minLength: 1, maxLength: 5 }) }).map(typed('keyValue')) },
            { weight: 2, arbitrary: record({ src: values.image, width: optional(size), height: optional(size), align: optional(align) }).map(typed('image')) },
            { weight: 2, arbitrary: record({ value: liquid, size: optional(size) }).map(typed('qr')) },
            {
              weight: 2,
              arbitrary: record({ blocks, padding: optional(size), border: optional(fc.oneof(color, fc.record({ color, width: size }))), background: optional(color), radius: optional(size) }).map(typed('box')),
            },
            { weight: 1, arbitrary: record({ color: optional(color) }).map(typed('divider')) },
            { weight: 1, arbitrary: fc.record({ height: size }).map(typed('spacer')) },
            { weight: 1, arbitrary: fc.constant({}).map(typed('pageBreak')) },
            { weight: 1, arbitrary: record({ items: expression, as: values.name, text: liquid, ordered: optional(fc.boolean()) }).map(typed('list')) },
            { weight: 1, arbitrary: record({ items: expression, as: values.name, columns: values.count, blocks, gap: optional(size) }).map(typed('grid')) },
            { weight: 1, arbitrary: record({ value: liquid, label: optional(liquid), color: optional(color) }).map(typed('progress')) },
            { weight: 1, arbitrary: record({ text: liquid, color: optional(color) }).map(typed('badge')) },
            { weight: 1, arbitrary: record({ month: values.month, events: expression }).map(typed('calendar')) },
          ),
          values.type,
        )
        // A wild grammar now and then gives a block a type that does not exist.
        .map(([built, type]) => (type === undefined ? built : { ...built, type })),
    };
  });
  const theme = record({ accent: optional(color), text: optional(color), muted: optional(color), fontSize: optional(values.fontSize), fontFamily: optional(values.fontFamily) });
  const layout = record({
    theme: optional(theme),
    header: optional(fc.array(block, { maxLength: 2 })),
    footer: optional(fc.array(block, { maxLength: 2 })),
    body: fc.array(block, { minLength: 1, maxLength: 6 }),
  });
  return { block, layout };
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}

const clean = language(CLEAN);
const wild = language(WILD);

/** A definition drawn from the grammar with valid values only (it may still loop a million times). */
export const cleanLayout = clean.layout;
/** A definition drawn from the grammar, with odd values inside now and then. */
const grammaticalLayout = wild.layout;

/** One change at one path of a definition, as a careless or hostile author makes it. */
const mutation = fc.record({
  pick: fc.nat(),
  change: fc.oneof(
    { weight: 3, arbitrary: hostileValue.map((replacement) => () => replacement) },
    { weight: 2, arbitrary: WILD.liquid.map((replacement) => () => replacement) },
    { weight: 1, arbitrary: wild.block.map((replacement) => () => replacement) },
    { weight: 1, arbitrary: fc.constant(() => undefined) }, // deletes the field
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 50 }).map((times) => (value: unknown) => (Array.isArray(value) ? Array.from({ length: times }, (_, i) => value[i % Math.max(1, value.length)]) : value)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.oneof(fc.constantFrom('type', 'blocks', 'text', 'extra', '__proto__', 'constructor', 'prototype'), hostileString), hostileValue).map(([key, extra]) => (value: unknown) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, [key]: extra } : value,
      ),
    },
  ),
});

/** The grammar's definition with a few mutations, or a value that is no definition at all. */
const mutatedLayout: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(grammaticalLayout, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([layout, mutations]) => mutate(structuredClone(layout), mutations)) },
  { weight: 1, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constantFrom({}, { body: [] }, { body: {} }, { body: 'text' }, { body: [null] }, { body: [[]] }, { body: [{}] }, { body: [{ type: 'text' }] }, { header: [], body: [{ type: 'pageBreak' }], unknown: 1 }) },
);

function mutate(layout: Record<string, unknown>, mutations: Array<{ pick: number; change: (value: unknown) => unknown }>): unknown {
  for (const { pick, change } of mutations) {
    const paths = pathsOf(layout);
    if (paths.length === 0) break;
    const at = parentOf(layout, paths[pick % paths.length]);
    if (!at) continue;
    const next = change(at.parent[at.key]);
    if (next === undefined && !Array.isArray(at.parent)) delete at.parent[at.key];
    else at.parent[at.key] = next;
  }
  return layout;
}

/** Values the names of the expressions take: right kinds mostly, wrong ones sometimes. */
const dataValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { weight: 3, arbitrary: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double({ noNaN: true }), fc.boolean()) },
    { weight: 2, arbitrary: fc.array(fc.dictionary(fc.constantFrom(...MEMBERS, 'image', 'color', 'category', 'end'), tie('value'), { maxKeys: 5 }), { maxLength: 8 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...MEMBERS), tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: imageDataUri },
    { weight: 1, arbitrary: fc.constantFrom('2025-03', '2025-03-14', '2025-03-14T10:00:00Z', 'not a date', '', null, [], {}, 'http://127.0.0.1:9/x.png', 'file:///etc/passwd', 1e308, -0) },
    { weight: 1, arbitrary: fc.array(fc.record({ title: fc.string({ maxLength: 12 }), start: fc.constantFrom('2025-03-01', '2025-03-31', '2025-02-30', 'x'), end: fc.option(fc.constantFrom('2025-03-02', '2024-01-01'), { nil: undefined }), color: fc.option(WILD.color, { nil: undefined }) }), { maxLength: 6 }) },
    { weight: 1, arbitrary: hostileString },
  ),
})).value;

/** Data for a definition: an object over the expressions' names. */
export const layoutData: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...NAMES) }, hostileString), dataValue, { maxKeys: 8 }).map((data) => jsonRoundTrip(data) as Record<string, unknown>);

/** Deepest nesting the API lets through (MAX_JSON_DEPTH is 32; the request body wraps the layout in one object). */
const MAX_LAYOUT_DEPTH = 31;

/** A definition as JSON would deliver it: no `undefined`, RawJson written out, within the API's nesting limit. */
export const anyLayout: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: cleanLayout }, { weight: 2, arbitrary: grammaticalLayout }, { weight: 3, arbitrary: mutatedLayout }).map(jsonRoundTrip).filter((layout) => !deeperThan(layout, MAX_LAYOUT_DEPTH));

/** The value as a client's JSON text delivers it: RawJson written out, `undefined` gone. */
export function jsonRoundTrip(value: unknown): unknown {
  return JSON.parse(toJsonText(value === undefined ? null : value));
}

/** Whether objects and arrays nest more than `levels` deep (stops looking past that). */
function deeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return levels === 0 || Object.values(value).some((item) => deeperThan(item, levels - 1));
}
