import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How long an SMTP server may take before a send fails: an owner's invite waits for it. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends the service's emails through `SMTP_URL` with nodemailer (DECISIONS section 16). Without
 * SMTP_URL it is off: `enabled` is false and nothing offers to email.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'smtp'>) {
    this.from = config.smtp?.from ?? '';
    this.transport = config.smtp
      ? createTransport({ url: config.smtp.url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS })
      : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Rejects when the server refuses or cannot be reached. */
  async send(mail: Mail): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
