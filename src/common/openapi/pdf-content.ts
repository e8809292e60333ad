/** A response body of PDF bytes: `format: binary`, which generators turn into a Blob or bytes rather than a string. */
export const PDF_CONTENT = { 'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' } } };
