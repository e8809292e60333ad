import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from '../jobs/epoch-ms';

/**
 * A workspace's signing certificate (DECISIONS section 15). The PKCS#12 file and its password
 * are kept only sealed (certificate-seal.ts); subject, issuer and expiry are kept apart, in the
 * clear, to be shown and checked without opening it.
 */
@Entity('signing_certificates')
export class SigningCertificateEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  issuer: string;

  @Column({ name: 'not_after', type: 'bigint', transformer: epochMs })
  notAfter: number;

  /** AES-256-GCM of the file and its password, base64. */
  @Column({ type: 'text' })
  sealed: string;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMs })
  updatedAt: number;
}
