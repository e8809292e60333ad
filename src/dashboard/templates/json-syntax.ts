/**
 * JSON.parse's complaint as an author reads it: `line 12, column 5` instead of `position 258`
 * (the editors number lines and columns, not characters). A message without a position (the text
 * ended early) points at the end.
 */
export function jsonSyntaxProblem(label: string, text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const found = /at position (\d+)/.exec(message);
  const before = text.slice(0, found ? Number(found[1]) : text.length).split('\n');
  const reason = found ? message.replace(/ in JSON at position \d+.*$/, '') : 'the text ends before the JSON does';
  return `${label} is not valid JSON at line ${before.length}, column ${before[before.length - 1].length + 1}: ${reason}`;
}
