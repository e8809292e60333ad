import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 10;
/** Bounds the work of one hash; a form post is capped long before this anyway. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * scrypt (memory-hard, DECISIONS section 10) with N = 2^15, r = 8, p = 1: 32 MiB and about
 * 50-100 ms per hash, on libuv's thread pool, so the event loop keeps serving. The parameters
 * are stored with each hash (`scrypt$15$8$1$<salt>$<hash>`), so they can be raised later
 * without invalidating the hashes already stored.
 */
const LOG2_N = 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, LOG2_N, R, P, HASH_BYTES);
  return ['scrypt', LOG2_N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether `password` matches `stored`; false for a stored value that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.log2N, parsed.r, parsed.p, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a password's length is within bounds (counted in characters, not UTF-16 units). */
export function passwordLengthProblem(password: string): 'too-short' | 'too-long' | null {
  if (password.length > PASSWORD_MAX_LENGTH) return 'too-long';
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too-short';
  return null;
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password: signing in with an unknown email verifies against it, so it
 * takes as long as with a known one and the answer's timing does not tell which emails exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (!(log2N >= 10 && log2N <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { log2N, r, p, salt, hash };
}

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { N: 2 ** log2N, r, p, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
