import fc from 'fast-check';
import { hostileString } from './hostile-values';
import { imageDataUri } from './images';

const TAGS = ['b', 'strong', 'i', 'em', 'u', 'span', 'div', 'p', 'table', 'td', 'x-unknown', 'script', 'style', 'a', 'svg', 'iframe', 'object'];
const CLASSES = ['pageNumber', 'totalPages', 'date', 'title', 'url', 'pageNumber totalPages', 'nope'];

const cssValue = fc.oneof(
  fc.constantFrom('12px', '0', '-5px', '1e9px', 'NaN', 'Infinity', '9999pt', '100%', '1e308%', 'calc(1px+)', 'red', '#zzz', 'rgb(300,-1,2)', 'bold', 'italic', 'center', 'url(http://x/)', 'expression(alert(1))', '', ';;;'),
  hostileString.map((s) => s.slice(0, 40)),
);
const style = fc
  .array(fc.tuple(fc.constantFrom('font-size', 'font-weight', 'font-style', 'color', 'text-align', 'margin', 'padding', 'width', 'height', 'line-height', 'display'), cssValue), { maxLength: 5 })
  .map((rules) => rules.map(([name, value]) => `${name}:${value}`).join(';'));

const attributes = fc
  .record({ style, class: fc.constantFrom(...CLASSES), width: cssValue, height: cssValue }, { requiredKeys: [] })
  .map((attrs) => Object.entries(attrs).map(([name, value]) => ` ${name}="${String(value).replace(/"/g, '&quot;')}"`).join(''));

const fragments = fc.constantFrom('<br>', '<br/>', '</div>', '<p', '<!-- c -->', '<![CDATA[x]]>', '&amp;&lt;&#0;&#x110000;&bogus;', '<', '>', '<img>', '<img src="http://127.0.0.1/x.png">', '<img src="file:///etc/passwd">');

/** Tag soup for `headerTemplate`/`footerTemplate`: known and unknown tags, bad styles, placeholders, data-URI images. */
export const headerHtml: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: hostileString.map((s) => s.replace(/[<&]/g, ' ').slice(0, 200)) },
    { weight: 2, arbitrary: fragments },
    { weight: 2, arbitrary: fc.tuple(imageDataUri, attributes).map(([src, attrs]) => `<img src="${src}"${attrs}>`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...TAGS), attributes, fc.array(tie('node'), { maxLength: 4 }), fc.boolean())
        .map(([tag, attrs, children, closed]) => `<${tag}${attrs}>${children.join('')}${closed ? `</${tag}>` : ''}`),
    },
  ),
})).node;
