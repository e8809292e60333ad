/**
 * Why a password cannot encrypt a PDF, or null. AES-256 passwords go through SASLprep (RFC 4013,
 * ISO 32000-2 7.6.4.3.3): PDFKit throws in the middle of a render on one it refuses, so the same
 * algorithm (the maintained fork of the package PDFKit inlines) checks it when the request arrives.
 * Required on the first password, not imported above: its tables hold 2.6 MB of the HTTP thread's
 * heap (`node --expose-gc`, heapUsed before and after), marked again by every major collection.
 */
const EMPTY = 'it is empty once spaces and invisible characters are mapped (RFC 4013)';

export function passwordProblem(password: string): string | null {
  const { saslprep } = require('@mongodb-js/saslprep') as typeof import('@mongodb-js/saslprep');
  try {
    if (saslprep(password) === '') return EMPTY;
    return null;
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('Unassigned')) return 'it contains a character PDF passwords cannot hold, such as an emoji (RFC 4013 allows Unicode 3.2)';
    if (message.startsWith('Prohibited')) return 'it contains a control, private-use or other prohibited character (RFC 4013)';
    if (message.startsWith('String must not contain')) return 'it mixes right-to-left and left-to-right letters (RFC 3454)';
    // @mongodb-js/saslprep 1.x throws a TypeError on a string that maps to nothing (PDFKit's copy returns '').
    return EMPTY;
  }
}
