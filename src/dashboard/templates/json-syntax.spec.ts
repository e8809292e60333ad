import { jsonSyntaxProblem } from './json-syntax';

function problemOf(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxProblem('definition', text, error);
  }
  throw new Error('the text parsed');
}

describe('jsonSyntaxProblem', () => {
  it('names the line and column of the mistake, not its position', () => {
    expect(problemOf('{\n  "schema": {},\n  "layout": {}\n  "x": 1\n}')).toBe(`definition is not valid JSON at line 4, column 3: Expected ',' or '}' after property value`);
  });

  it('points at the end of a text that stops early', () => {
    expect(problemOf('{\n  "schema": ')).toBe('definition is not valid JSON at line 2, column 13: the text ends before the JSON does');
  });
});
