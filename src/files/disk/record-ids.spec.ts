import { randomBytes } from 'node:crypto';
import { RecordIds } from './record-ids';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('RecordIds', () => {
  const ids = new RecordIds(randomBytes(32));
  const record = { location: { cookie: randomBytes(18), volume: '0a1b2c3d4e5f', offset: 4096 }, length: 1000 };

  it('opens the id it made', () => {
    expect(ids.open(ids.idOf(record))).toEqual(record);
  });

  it('refuses the ids that differ only in the unused bits of the last character', () => {
    const id = ids.idOf(record);
    const last = BASE64URL.indexOf(id[id.length - 1]);
    // The last character holds 4 bits of the id and 2 unused ones: three other characters decode to the same bytes.
    const variants = [1, 2, 3].map((bits) => id.slice(0, -1) + BASE64URL[(last & ~3) | ((last + bits) & 3)]);
    for (const variant of variants) {
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(id, 'base64url'))).toBe(true);
      expect(ids.open(variant)).toBeNull();
    }
  });
});
