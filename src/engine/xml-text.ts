/** Characters XML 1.0 cannot hold: C0 controls other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The text without the characters XML 1.0 cannot hold. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, '');
}

/** The text as XML character data or an attribute value: escaped, and without the characters XML cannot hold. */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);
}
