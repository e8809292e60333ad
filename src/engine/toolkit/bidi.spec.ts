import { LRM, RLM, layoutLine, logicalText, markLineDirections, mirrored, mirroredOriginal, paragraphDirection, visualSegments } from './bidi';

/** The runs as they read left to right, RTL runs spelled in visual order (what shaping 'rtl' gives). */
const visual = (line: string) =>
  layoutLine(line)
    .runs.map((run) => (run.rtl ? [...run.text].reverse().join('') : run.text))
    .join('');

describe('bidi', () => {
  it('leaves plain left-to-right text as one run with no ActualText', () => {
    const line = layoutLine('Invoice 2024-001 (paid)');
    expect(line).toEqual({ direction: 'ltr', runs: [{ text: 'Invoice 2024-001 (paid)', rtl: false, start: 0, end: 23 }], needsActualText: false });
  });

  it('takes the base direction from the first strong character', () => {
    expect(paragraphDirection('שלום World')).toBe('rtl');
    expect(paragraphDirection('World שלום')).toBe('ltr');
    expect(paragraphDirection('123 مرحبا')).toBe('rtl');
    expect(paragraphDirection('2024 12.00')).toBe('ltr');
    expect(paragraphDirection(`${RLM}2024`)).toBe('rtl');
  });

  it('keeps numbers and Latin left to right inside a Hebrew line, runs in visual order', () => {
    const line = layoutLine('חשבונית 2024 עבור Acme Ltd');
    expect(line.direction).toBe('rtl');
    // Run texts stay logical: shaping a run 'rtl' puts its glyphs in visual order.
    expect(line.runs.map((run) => [run.text, run.rtl])).toEqual([
      ['Acme Ltd', false],
      [' עבור ', true],
      ['2024', false],
      ['חשבונית ', true],
    ]);
    expect(visual('חשבונית 2024 עבור Acme Ltd')).toBe('Acme Ltd רובע 2024 תינובשח');
    // Extractors read RTL lines from visual glyphs with their own bidi pass: no line /ActualText.
    expect(line.needsActualText).toBe(false);
  });

  it('mirrors brackets in right-to-left runs only', () => {
    // Logical "(שלום) [a]" in an RTL line: the Hebrew word's parentheses are drawn mirrored.
    const line = layoutLine('שלום (טוב) [abc]');
    const rtlText = line.runs.filter((run) => run.rtl).map((run) => run.text).join('');
    expect(rtlText).toContain(')טוב(');
    expect(line.runs.find((run) => !run.rtl)!.text).toBe('abc');
    expect(mirrored('(<[{')).toBe(')>]}');
    expect(line.runs.find((run) => run.rtl && run.text.includes('('))!.mirrored).toBe(true);
    // The glyph drawn for a mirrored bracket stands for its mirror in the text layer.
    expect(mirroredOriginal([0x29])).toBe('(');
    expect(mirroredOriginal([0x5d0])).toBeNull();
  });

  it('orders Arabic with Arabic-Indic and Persian digits', () => {
    expect(visual('المجموع ١٢٣ ريال')).toBe('لاير ١٢٣ عومجملا');
    expect(visual('مبلغ ۱۲۵۰ تومان')).toBe('ناموت ۱۲۵۰ غلبم');
    expect(layoutLine('مبلغ ۱۲۵۰ تومان').direction).toBe('rtl');
  });

  it('puts an RTL word inside an English line at its place', () => {
    expect(visual('Customer: שלום בית, Tel Aviv')).toBe('Customer: תיב םולש, Tel Aviv');
    expect(layoutLine('Customer: שלום בית, Tel Aviv').direction).toBe('ltr');
  });

  it('keeps trailing spaces at the line end of the paragraph direction (L1)', () => {
    const line = layoutLine('abc שלום ');
    expect(line.runs[line.runs.length - 1].text).toBe(' ');
  });

  it('reverses nested levels by rule L2', () => {
    expect(visualSegments([0, 1, 1, 2, 2, 1, 0])).toEqual([
      [0, 1, 0],
      [5, 6, 1],
      [3, 5, 2],
      [1, 3, 1],
      [6, 7, 0],
    ]);
  });

  it('marks wrapped lines whose own direction differs from their paragraph', () => {
    const lines = ['שלום עולם', 'Acme Ltd 2024', '12.50', 'תודה'];
    markLineDirections('שלום עולם Acme Ltd 2024 12.50 תודה', lines, 0);
    expect(lines).toEqual(['שלום עולם', `${RLM}Acme Ltd 2024`, `${RLM}12.50`, 'תודה']);
    const english = ['Dear', 'שלום', 'team'];
    markLineDirections('Dear שלום team', english, 0);
    expect(english).toEqual(['Dear', `${LRM}שלום`, 'team']);
    // The mark gives the line its paragraph's direction and stays out of the text.
    expect(layoutLine(`${RLM}Acme Ltd 2024`).direction).toBe('rtl');
    expect(logicalText(`${RLM}Acme Ltd 2024`)).toBe('Acme Ltd 2024');
    expect(layoutLine(`${RLM}Acme Ltd 2024`).runs.map((run) => run.text).join('')).toBe('Acme Ltd 2024');
  });

  it('asks for ActualText on complex-script lines even when left to right', () => {
    expect(layoutLine('हिन्दी').needsActualText).toBe(true);
    expect(layoutLine('สวัสดี').needsActualText).toBe(true);
    expect(layoutLine('Hello').needsActualText).toBe(false);
  });
});
