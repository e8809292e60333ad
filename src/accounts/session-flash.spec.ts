import { newSecretToken } from './invite-tokens';
import { openFlash, sealFlash } from './session-flash';

describe('session flash', () => {
  it('opens with the session token that sealed it, and keeps no readable copy of the message', () => {
    const token = newSecretToken();
    const message = { newKey: { key: 'pdfg_3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Zapier' } };
    const sealed = sealFlash(token, message);
    expect(sealed).not.toContain('pdfg_');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('pdfg_');
    expect(openFlash(token, sealed)).toEqual(message);
  });

  it('is null under another token or when tampered with', () => {
    const sealed = sealFlash(newSecretToken(), { newKey: { key: 'pdfg_x' } });
    expect(openFlash(newSecretToken(), sealed)).toBeNull();
    const token = newSecretToken();
    const bytes = Buffer.from(sealFlash(token, { a: 1 }), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(openFlash(token, bytes.toString('base64'))).toBeNull();
  });
});
