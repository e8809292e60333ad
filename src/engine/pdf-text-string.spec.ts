import { pdfTextString } from './pdf-text-string';

describe('pdfTextString', () => {
  it('writes printable ASCII as a literal, its parentheses and backslashes escaped', () => {
    expect(pdfTextString('Acme (Pty) Ltd \\ logo')).toBe('(Acme \\(Pty\\) Ltd \\\\ logo)');
  });

  it('writes anything else as UTF-16BE with a byte-order mark', () => {
    expect(pdfTextString('aש😀')).toBe('<FEFF006105E9D83DDE00>');
  });
});
