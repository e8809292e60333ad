import { hash } from 'node:crypto';
// Before pdfkit, which loads fontkit.
import './fonts/fontkit';
import { standIn } from './module-stand-in';

/** The parts of crypto-js's WordArray that pdfkit reads from a digest. */
interface Digest {
  words: number[];
  sigBytes: number;
  toString(): string;
}
type CryptoJs = Record<string | symbol, unknown> & { MD5(message: unknown): Digest };

/**
 * PDFKit, with the MD5 of each document's file identifier computed by Node's crypto. pdfkit asks
 * crypto-js for it, which cost every render about 10 us (CPU profile of warm 20-item invoices) and
 * loading crypto-js into every render worker's heap. crypto-js still does everything else
 * (encryption, embedded files' checksums), loaded the first time it is asked for any of it.
 * Node hashes a string as crypto-js does, as UTF-8 (test/process/module-stand-ins.spec.ts compares the two).
 */
standIn('pdfkit', 'crypto-js', (loadReal) => {
  const md5 = (message: unknown): Digest => {
    if (typeof message !== 'string') return (loadReal() as CryptoJs).MD5(message);
    const digest = hash('md5', message, 'buffer');
    const words = [digest.readInt32BE(0), digest.readInt32BE(4), digest.readInt32BE(8), digest.readInt32BE(12)];
    return { words, sigBytes: 16, toString: () => digest.toString('hex') };
  };
  return new Proxy({}, { get: (_target, key) => (key === 'MD5' ? md5 : (loadReal() as CryptoJs)[key]) });
});

export const PDFDocument = require('pdfkit') as typeof import('pdfkit');
