import { IssueList } from '../../layout-path';
import { compileText } from '../compile-liquid';
import { Evaluation } from '../evaluation';
import { LIQUID } from '../sandbox';
import { money, moneyArgumentProblem } from './money';
import { number } from './number';
import { percent } from './percent';

const NBSP = '\u00a0';
const render = (source: string, data: Record<string, unknown> = {}) => LIQUID.parseAndRenderSync(source, data);
const text = (evaluation: Evaluation, source: string) => compileText(source, ['body', 0, 'text'], new IssueList())(evaluation);

describe('money', () => {
  it('formats with Intl.NumberFormat in the currency and locale given', () => {
    expect(money(1234.56, 'EUR', 'de-DE')).toBe(`1.234,56${NBSP}€`);
    expect(money(1234.56, 'EUR')).toBe('€1,234.56');
    expect(money(-5, 'USD')).toBe('-$5.00');
    expect(money('99.5', 'JPY', 'ja-JP')).toBe('￥100');
    expect(render('{{ total | money: "GBP", "en-GB" }}', { total: 1e6 })).toBe('£1,000,000.00');
  });

  it('prints what is not a number as it is, and blank as blank', () => {
    expect(money('n/a', 'EUR')).toBe('n/a');
    expect(render('[{{ missing | money: "EUR" }}]')).toBe('[]');
  });

  it('degrades on a currency or locale Intl does not know (from data), and says why for literal ones', () => {
    expect(money(2, 'EURO')).toBe('2.00 EURO');
    expect(money(2, 'EUR', 'not a locale')).toBe('€2.00');
    expect(moneyArgumentProblem('EURO')).toBe('"EURO" is not a currency code');
    expect(moneyArgumentProblem('EUR', 'xx-!!')).toBe('"xx-!!" is not a locale');
    expect(moneyArgumentProblem('eur', 'de-DE')).toBeNull();
  });
});

describe('number and percent', () => {
  it('groups thousands, with up to 3 decimals or the decimals asked for', () => {
    expect(number(1234.5)).toBe('1,234.5');
    expect(number(2.123456)).toBe('2.123');
    expect(number(1234.5, 2, 'de-DE')).toBe('1.234,50');
    expect(render('{{ q | number: 0 }}', { q: '1500.4' })).toBe('1,500');
  });

  it('prints a fraction as a percentage', () => {
    expect(percent(0.256)).toBe('26%');
    expect(percent(0.256, 1)).toBe('25.6%');
    expect(percent(1, 0, 'de-DE')).toBe(`100${NBSP}%`);
    expect(percent('x')).toBe('x');
  });
});

describe('date', () => {
  it('names months and days in the document\'s language (DECISIONS section 12)', () => {
    const inLanguage = (lang: string) => text(new Evaluation({ d: '2025-03-11' }, lang), '{{ d | date: "%A %d %B %Y" }}');
    expect(inLanguage('en')).toBe('Tuesday 11 March 2025');
    expect(inLanguage('de-DE')).toBe('Dienstag 11 März 2025');
    expect(inLanguage('fr')).toBe('mardi 11 mars 2025');
  });

  it('is liquidjs\'s, in UTC whatever the server\'s time zone', () => {
    expect(render('{{ d | date: "%d %B %Y" }}', { d: '2025-03-11' })).toBe('11 March 2025');
    expect(render('{{ d | date: "%Y-%m-%d %H:%M" }}', { d: '2025-03-11T23:30:00Z' })).toBe('2025-03-11 23:30');
  });
});
