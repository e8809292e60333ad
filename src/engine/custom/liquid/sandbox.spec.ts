import { RenderFailed } from '../../errors';
import { IssueList } from '../layout-path';
import { compileCondition, compileText, compileValuePath } from './compile-liquid';
import { Evaluation } from './evaluation';
import { LIQUID } from './sandbox';

/** Compiles and evaluates one template against `data`; fails on a compile issue. */
function evaluate(source: string, data: Record<string, unknown> = {}): string {
  const issues = new IssueList();
  const text = compileText(source, ['body', 0, 'text'], issues);
  expect(issues.issues).toEqual([]);
  return text(new Evaluation(data));
}

describe('the Liquid sandbox', () => {
  const data = { a: { b: 1 }, s: 'text', list: [1, 2], fn: 'x' };

  it('gives nothing for prototype properties and constructors', () => {
    for (const source of ['{{ constructor }}', '{{ x.__proto__ }}', '{{ a.constructor.constructor }}', '{{ a.__proto__ }}', '{{ s.constructor }}', '{{ list.constructor }}', '{{ a.hasOwnProperty }}', '{{ a.toString }}', '{{ list | map: "constructor" }}', '{{ a["constructor"] }}']) {
      expect([source, evaluate(source, data)]).toEqual([source, '']);
    }
  });

  it('prints missing values as empty text, never "undefined"', () => {
    expect(evaluate('[{{ missing }}|{{ a.missing.deeper }}|{{ missing | upcase }}]', data)).toBe('[||]');
  });

  it('has no tag that reads another template', () => {
    for (const tag of ['{% include "x" %}', '{% render "x" %}', '{% layout "x" %}']) {
      const issues = new IssueList();
      compileText(tag, ['body', 0, 'text'], issues);
      expect(issues.issues).toEqual([{ path: ['body', 0, 'text'], message: expect.stringMatching(/^has a Liquid syntax error at line 1, column 1: tag "(include|render|layout)" not found/) }]);
    }
  });

  it('bounds the text a loop can produce and the work of a document', () => {
    const big = 'x'.repeat(100_000);
    expect(() => evaluate('{% for i in (1..100) %}{{ big }}{% endfor %}', { big })).toThrow(new RenderFailed('layout.body[0].text gives more text than a document may hold'));
    expect(() => evaluate('{% assign a = "1,2,3" | split: "," %}{% for i in (1..40) %}{% assign a = a | concat: a %}{% endfor %}{{ a.size }}')).toThrow(/layout\.body\[0\]\.text could not be evaluated: memory alloc limit exceeded/);
  });

  it('reads expressions as values and conditions by Liquid rules', () => {
    const issues = new IssueList();
    const rows = compileValuePath('order.lines', ['body', 1, 'rows'], issues);
    const big = compileCondition('total > 100 and paid', ['body', 2, 'condition'], issues);
    const blank = compileCondition('notes != blank', ['body', 3, 'condition'], issues);
    expect(issues.issues).toEqual([]);
    const evaluation = new Evaluation({ order: { lines: [1, 2] }, total: 150, paid: true, notes: '' });
    expect(rows(evaluation)).toEqual([1, 2]);
    expect(big(evaluation)).toBe(true);
    expect(blank(evaluation)).toBe(false);
  });

  it('prints what liquidjs itself prints (the fast path of simple outputs)', () => {
    const scope = { n: 1234.5, s: 'Ab', list: ['x', 'y'], obj: { k: [1, 2] }, nil: null, t: true, date: '2025-03-11' };
    const sources = [
      'plain text',
      '{{ n }}',
      '{{ s | upcase }} and {{ s | downcase | append: "!" }}',
      '{{ list }}|{{ list.size }}|{{ list.first }}|{{ obj.k.last }}|{{ obj["k"][0] }}',
      '{{ nil }}{{ t }}{{ missing }}',
      '{{ n | money: "EUR", "de-DE" }} {{ n | number: 1 }} {{ 0.25 | percent }}',
      '{{ date | date: "%d %B %Y" }}',
      '{{ "quoted" | size }}{{ 42 }}',
    ];
    for (const source of sources) expect([source, evaluate(source, scope)]).toEqual([source, LIQUID.parseAndRenderSync(source, scope)]);
  });
});
