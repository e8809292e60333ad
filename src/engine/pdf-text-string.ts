/**
 * A PDF text string (ISO 32000-1, 7.9.2.2): literal when printable ASCII, else UTF-16BE in hex
 * with its byte-order mark. For the values written into the file by hand: /ActualText, /Alt, /Lang.
 */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`;
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `${hex}>`;
}
