import { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../../config/app-config';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON object per line on stdout: what log collectors ingest without parsing rules. */
export class JsonLogger implements LoggerService {
  constructor(private readonly level: LogLevel = 'info') {}

  debug(msg: unknown, fields?: unknown): void {
    this.write('debug', msg, fields);
  }
  info(msg: unknown, fields?: unknown): void {
    this.write('info', msg, fields);
  }
  log(msg: unknown, fields?: unknown): void {
    this.write('info', msg, fields);
  }
  warn(msg: unknown, fields?: unknown): void {
    this.write('warn', msg, fields);
  }
  error(msg: unknown, fields?: unknown): void {
    this.write('error', msg, fields);
  }
  verbose(msg: unknown, fields?: unknown): void {
    this.write('debug', msg, fields);
  }

  /** An info line written whatever LOG_LEVEL says, 'silent' included: for what is shown only once (the bootstrap key). */
  announce(msg: string, fields: object): void {
    this.write('info', msg, fields, true);
  }

  private write(level: Exclude<LogLevel, 'silent'>, msg: unknown, fields: unknown, always = false): void {
    if (!always && RANK[level] < RANK[this.level]) return;
    // Nest passes its context name as a string second argument.
    const extra = typeof fields === 'object' && fields !== null ? fields : fields === undefined ? {} : { context: fields };
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg: String(msg), ...extra });
    process.stdout.write(line + '\n');
  }
}
