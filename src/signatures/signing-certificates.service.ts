import type { AuditOrigin } from '../audit/audit-entry';
import { AuditLog } from '../audit/audit-log.service';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { loadVolumeKey } from '../files/disk/volume-key';
import { atomically, sql } from '../jobs/sql-script';
import type { CertificateBundle } from './certificate-bundle';
import { seal, unseal } from './certificate-seal';
import { SigningCertificateEntity } from './signing-certificate.entity';

/** The key file made in DATA_DIR when SIGNING_CERTIFICATE_KEY is not set. */
const KEY_FILE = 'signing-certificates.key';

/** One statement: two uploads at once leave one of them, never a key conflict. */
const UPSERT_SQL = `INSERT INTO signing_certificates (workspace_id, subject, issuer, not_after, sealed, updated_at) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (workspace_id) DO UPDATE SET subject = excluded.subject, issuer = excluded.issuer, not_after = excluded.not_after, sealed = excluded.sealed, updated_at = excluded.updated_at`;
const DELETE_SQL = 'DELETE FROM signing_certificates WHERE workspace_id = ?';

/** All that is ever shown of a stored certificate. */
export interface SigningCertificateView {
  subject: string;
  issuer: string;
  expiresAt: string;
  updatedAt: string;
}

/**
 * Workspaces' signing certificates (DECISIONS section 15): kept sealed with the service's key,
 * opened only to sign. An opened certificate is kept per process until its row changes: opening
 * a PKCS#12 file (key derivation, forge's decryption) costs tens of milliseconds.
 */
@Injectable()
export class SigningCertificates {
  private key?: Promise<Buffer>;
  private readonly opened = new Map<string, { updatedAt: number; bundle: CertificateBundle }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(SigningCertificateEntity) private readonly rows: Repository<SigningCertificateEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLog,
  ) {}

  /** Stores the workspace's certificate in place of any other; the workspace must exist. */
  async put(workspaceId: string, p12Base64: string, password: string, by: AuditOrigin): Promise<SigningCertificateView> {
    const p12 = Buffer.from(p12Base64, 'base64');
    // node-forge with it: loaded when a certificate is first opened (see pdf-signing.ts).
    const { openPkcs12, UnusableCertificate } = await import('./certificate-bundle');
    let bundle: CertificateBundle;
    try {
      bundle = openPkcs12(p12, password);
    } catch (error) {
      if (error instanceof UnusableCertificate) throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: [error.message] } });
      throw error;
    }
    const row: SigningCertificateEntity = {
      workspaceId,
      subject: bundle.subject,
      issuer: bundle.issuer,
      notAfter: bundle.notAfter.getTime(),
      sealed: seal({ p12, password }, await this.sealingKey(), workspaceId),
      updatedAt: Date.now(),
    };
    const upsert = sql(UPSERT_SQL, row.workspaceId, row.subject, row.issuer, row.notAfter, row.sealed, row.updatedAt);
    const entry = this.audit.insert({ ...by, action: 'signing_certificate.set', workspaceId, target: { type: 'signing_certificate', id: workspaceId } });
    await atomically(this.dataSource, function* () {
      yield upsert;
      yield entry;
    });
    return view(row);
  }

  async remove(workspaceId: string, by: AuditOrigin): Promise<void> {
    const entry = this.audit.insert({ ...by, action: 'signing_certificate.removed', workspaceId, target: { type: 'signing_certificate', id: workspaceId } });
    await atomically(this.dataSource, function* () {
      if ((yield sql(DELETE_SQL, workspaceId)).changes > 0) yield entry;
    });
    this.opened.delete(workspaceId);
  }

  async view(workspaceId: string): Promise<SigningCertificateView | null> {
    const row = await this.rows.findOneBy({ workspaceId });
    return row ? view(row) : null;
  }

  /** Throws the contract's 400 when the workspace cannot sign: no certificate, or an expired one. */
  async check(workspaceId: string): Promise<void> {
    usable(await this.rows.findOne({ select: ['workspaceId', 'subject', 'notAfter'], where: { workspaceId } }));
  }

  /** The opened certificate that signs the workspace's documents now; throws as check() does. */
  async signer(workspaceId: string): Promise<CertificateBundle> {
    const row = usable(await this.rows.findOneBy({ workspaceId }));
    const cached = this.opened.get(workspaceId);
    if (cached?.updatedAt === row.updatedAt) return cached.bundle;
    const { p12, password } = unseal(row.sealed, await this.sealingKey(), workspaceId);
    const { openPkcs12 } = await import('./certificate-bundle');
    const bundle = openPkcs12(p12, password);
    this.opened.set(workspaceId, { updatedAt: row.updatedAt, bundle });
    return bundle;
  }

  private sealingKey(): Promise<Buffer> {
    this.key ??= this.config.signingCertificateKey ? Promise.resolve(this.config.signingCertificateKey) : loadVolumeKey(this.config.dataDir, KEY_FILE);
    return this.key;
  }
}

function usable<T extends Pick<SigningCertificateEntity, 'subject' | 'notAfter'>>(row: T | null): T {
  if (!row) throw new ApiError('NO_SIGNING_CERTIFICATE');
  if (row.notAfter <= Date.now()) throw new ApiError('SIGNING_CERTIFICATE_EXPIRED', { params: { subject: row.subject, date: new Date(row.notAfter).toISOString() } });
  return row;
}

function view(row: SigningCertificateEntity): SigningCertificateView {
  return { subject: row.subject, issuer: row.issuer, expiresAt: new Date(row.notAfter).toISOString(), updatedAt: new Date(row.updatedAt).toISOString() };
}
