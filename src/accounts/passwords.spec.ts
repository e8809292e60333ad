import { scryptSync } from 'node:crypto';
import { dummyPasswordHash, hashPassword, passwordLengthProblem, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores scrypt with its parameters, a 16-byte salt and a 32-byte hash', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, log2N, r, p, salt, hash] = stored.split('$');
    expect([scheme, log2N, r, p]).toEqual(['scrypt', '15', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    // Independently: node's scrypt with those parameters gives the stored hash.
    const expected = scryptSync('correct horse battery', Buffer.from(salt, 'base64'), 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(expected.toString('base64')).toBe(hash);
    expect(stored).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse battery');
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('treats a unicode password the same however it is composed', async () => {
    const stored = await hashPassword('caf\u00e9 au lait!');
    await expect(verifyPassword('cafe\u0301 au lait!', stored)).resolves.toBe(true);
  });

  it('reads hashes stored with other parameters, and refuses what is not a hash of ours', async () => {
    const salt = Buffer.alloc(16, 7);
    const cheaper = ['scrypt', 14, 8, 1, salt.toString('base64'), scryptSync('older password', salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64')].join('$');
    await expect(verifyPassword('older password', cheaper)).resolves.toBe(true);
    for (const stored of ['', 'plain', 'bcrypt$x', 'scrypt$15$8$1$$', 'scrypt$40$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=']) {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    }
  });

  it('has a dummy hash to spend the same time on an unknown email', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^scrypt\$15\$8\$1\$/);
    await expect(verifyPassword('', dummy)).resolves.toBe(false);
    expect(await dummyPasswordHash()).toBe(dummy);
  });

  it('wants at least 10 characters, counted as characters', () => {
    expect(passwordLengthProblem('123456789')).toBe('too-short');
    expect(passwordLengthProblem('1234567890')).toBeNull();
    // Five emoji are ten UTF-16 units but five characters.
    expect(passwordLengthProblem('\u{1F600}'.repeat(5))).toBe('too-short');
    expect(passwordLengthProblem('x'.repeat(1025))).toBe('too-long');
  });
});
