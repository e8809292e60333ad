import { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { NoSuchFile } from './file-store.port';
import { S3FileStore, S3Sender, s3ClientConfig } from './s3-file-store';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

/** Records each command's name and input, and answers with `reply`. */
function fakeClient(reply: (name: string, input: Record<string, unknown>) => unknown) {
  const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      return reply(command.constructor.name, command.input);
    },
    destroy: () => undefined,
  } as unknown as S3Sender;
  return { client, sent };
}

function s3Error(status: number, name: string): S3ServiceException {
  return new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status } });
}

describe('S3FileStore', () => {
  it('maps the S3_* settings onto the client: region, endpoint, path style, static keys only when both are given', () => {
    const base = { bucket: 'b', region: 'eu-west-3', forcePathStyle: true, endpoint: 'http://minio:9000' };
    expect(s3ClientConfig({ ...base, accessKeyId: 'id', secretAccessKey: 'secret' })).toMatchObject({
      region: 'eu-west-3',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(s3ClientConfig({ ...base, accessKeyId: 'id' }).credentials).toBeUndefined();
  });

  it('stores a PDF under files/<id>.pdf with its type and length', async () => {
    const { client, sent } = fakeClient(() => ({}));
    const info = await new S3FileStore('bucket', client).save(new Uint8Array(7));
    expect(info.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(sent).toEqual([{ name: 'PutObjectCommand', input: expect.objectContaining({ Bucket: 'bucket', Key: `files/${info.id}.pdf`, ContentType: 'application/pdf', ContentLength: 7 }) }]);
    expect(info).toMatchObject({ size: 7, etag: `"${info.id}-7"` });
  });

  it('asks S3 for exactly the inclusive byte range', async () => {
    const { client, sent } = fakeClient(() => ({ Body: Readable.from([Buffer.from('x')]) }));
    await new S3FileStore('bucket', client).open(ID, { start: 10, end: 19 });
    expect(sent[0].input.Range).toBe('bytes=10-19');
  });

  it('answers null for a missing object, but never hides other failures as missing', async () => {
    const missing = fakeClient(() => Promise.reject(s3Error(404, 'NotFound')));
    await expect(new S3FileStore('bucket', missing.client).stat(ID)).resolves.toBeNull();
    const denied = fakeClient(() => Promise.reject(s3Error(403, 'Forbidden')));
    await expect(new S3FileStore('bucket', denied.client).stat(ID)).rejects.toMatchObject({ name: 'Forbidden' });
  });

  it('erases with DeleteObject on files/<id>.pdf', async () => {
    const { client, sent } = fakeClient(() => ({}));
    await new S3FileStore('bucket', client).erase(ID);
    expect(sent).toEqual([{ name: 'DeleteObjectCommand', input: { Bucket: 'bucket', Key: `files/${ID}.pdf` } }]);
  });

  it('tells a missing object apart when opening it', async () => {
    const missing = fakeClient(() => Promise.reject(s3Error(404, 'NoSuchKey')));
    await expect(new S3FileStore('bucket', missing.client).open(ID)).rejects.toBeInstanceOf(NoSuchFile);
    const denied = fakeClient(() => Promise.reject(s3Error(403, 'AccessDenied')));
    await expect(new S3FileStore('bucket', denied.client).open(ID)).rejects.toMatchObject({ name: 'AccessDenied' });
  });
});
