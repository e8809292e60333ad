import { BLOCK_TYPES } from '../../../engine/custom/language-schema';
import { layoutProblems } from './layout-check';

describe('layoutProblems', () => {
  it('accepts a layout of the language', () => {
    expect(layoutProblems({ body: [{ type: 'text', text: 'Hello {{ name }}' }] })).toEqual([]);
  });

  it('names each problem by its path, in document order, one message per rule broken', () => {
    expect(
      layoutProblems({
        body: [{ type: 'text', text: 'ok' }, { type: 'txt' }, { type: 'text' }, { type: 'text', text: 'x', colour: 'red' }],
      }),
    ).toEqual([
      `layout.body[1].type must be one of: ${BLOCK_TYPES.join(', ')}`,
      'layout.body[2].text is required',
      expect.stringMatching(/^layout\.body\[3\]\.colour is not allowed in a text block \(allowed: type, text, /),
    ]);
    expect(layoutProblems({})).toEqual(['layout.body is required']);
    expect(layoutProblems([], 'definition')).toEqual(['definition must be object']);
  });

  it('says what a value of several forms must be once, not once per form', () => {
    const problems = layoutProblems({ body: [{ type: 'columns', columns: [{ width: 'wide', blocks: [] }] }] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^layout\.body\[0\]\.columns\[0\]\.width must be a column width/);
  });

  it('lists at most 100 problems, then how many more', () => {
    const problems = layoutProblems({ body: Array.from({ length: 150 }, () => ({ type: 'nope' })) });
    expect(problems).toHaveLength(101);
    expect(problems[100]).toBe('... and 50 more errors');
  });
});
