import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Config } from '../config/app-config';
import { fileEtag, newFileId } from './file-id';
import { ByteRange, FileStore, NoSuchFile, StoredFile, StoredFileInfo } from './file-store.port';

/** What the store needs of an S3 client; a fake can stand in for it in unit tests. */
export type S3Sender = Pick<S3Client, 'send' | 'destroy'>;

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without both keys the SDK's default chain applies (environment, instance role, ...).
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // S3-compatible servers (MinIO, Ceph, R2, ...) differ on the SDK's newer default checksums; ask only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Files as objects `files/<id>.pdf` in one bucket: every replica sees every file. A PUT is atomic, so readers see all or nothing. */
export class S3FileStore implements FileStore {
  constructor(
    private readonly bucket: string,
    private readonly client: S3Sender,
  ) {}

  static fromConfig(config: S3Config): S3FileStore {
    return new S3FileStore(config.bucket, new S3Client(s3ClientConfig(config)));
  }

  async save(bytes: Uint8Array): Promise<StoredFile> {
    const id = newFileId();
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: keyOf(id), Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/pdf' }),
    );
    return { id, size: bytes.byteLength, etag: fileEtag(id, bytes.byteLength), lastModified: new Date() };
  }

  async stat(id: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(id) }));
      const size = head.ContentLength ?? 0;
      return { size, etag: fileEtag(id, size), lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
  }

  async open(id: string, range?: ByteRange): Promise<Readable> {
    let object;
    try {
      object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(id), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      throw httpStatus(error) === 404 ? new NoSuchFile(id) : error;
    }
    if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${keyOf(id)}`);
    return object.Body;
  }

  /**
   * DeleteObject: every replica's next HEAD or GET misses. S3 never serves a mix of two states of an
   * object, and deleting a missing key succeeds. In a bucket with versioning the bytes would stay as
   * an older version: hosted PDFs need a bucket without it (README).
   */
  async erase(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOf(id) }));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's pooled connections when the application shuts down. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}

function keyOf(id: string): string {
  return `files/${id}.pdf`;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
