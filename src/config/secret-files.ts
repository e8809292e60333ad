import { readFileSync } from 'node:fs';
import { ConfigError, Env } from './app-config';

/** The settings that hold secrets: each may be given as `<NAME>_FILE`, a path to read it from (DECISIONS section 16). */
export const SECRET_SETTINGS = ['ADMIN_TOKEN', 'METRICS_TOKEN', 'DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SIGNING_CERTIFICATE_KEY', 'OIDC_CLIENT_SECRET', 'SMTP_URL'] as const;

/**
 * The environment with every `<NAME>_FILE` of a secret setting read into `<NAME>`, as Docker and
 * Kubernetes secrets are mounted: the file's text without its final line break. Both set, or a
 * file that cannot be read, stop the start with a message naming the variable.
 */
export function withSecretFiles(env: Env): Env {
  const read: Env = {};
  for (const name of SECRET_SETTINGS) {
    const path = env[`${name}_FILE`];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') throw new ConfigError(`${name} and ${name}_FILE are both set: set one of them`);
    try {
      read[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(`${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return Object.keys(read).length === 0 ? env : { ...env, ...read };
}
