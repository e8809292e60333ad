import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
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
 *
 * nodemailer is required on the first send, not imported above: loaded, it holds 5 MB of the HTTP
 * thread's heap (`node --expose-gc`, heapUsed before and after requiring it), which every major
 * collection under load marks again, for a service that sends a few emails a day.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private transport: Transporter | null = null;
  private readonly smtp: AppConfig['smtp'];

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'smtp'>) {
    this.smtp = config.smtp;
  }

  get enabled(): boolean {
    return this.smtp !== undefined;
  }

  /** Rejects when the server refuses or cannot be reached. */
  async send(mail: Mail): Promise<void> {
    if (!this.smtp) throw new Error('SMTP_URL is not set');
    await this.connection(this.smtp.url).sendMail({ from: this.smtp.from, ...mail });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }

  private connection(url: string): Transporter {
    if (this.transport) return this.transport;
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    this.transport = createTransport({ url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS });
    return this.transport;
  }
}
