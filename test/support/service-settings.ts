import { Env, loadConfig } from '../../src/config/app-config';
import { SECRET_SETTINGS } from '../../src/config/secret-files';

/**
 * Every environment variable the service reads at start, found by letting loadConfig read from an
 * environment that records each name asked for (with S3, single sign-on and email set up, so the
 * settings read only with them are read too): src/config stays the one list, and a setting added
 * there shows up here by itself.
 */
const TURNED_ON: Record<string, string> = {
  S3_BUCKET: 'bucket',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'pdfgen',
  OIDC_CLIENT_SECRET: 'client-secret',
  SMTP_URL: 'smtp://mail.example.com:587',
};

export function serviceSettings(): { settings: string[]; secretFiles: string[] } {
  const read = new Set<string>();
  const recording = new Proxy<Env>(
    {},
    {
      get(_, name) {
        if (typeof name !== 'string') return undefined;
        read.add(name);
        return TURNED_ON[name];
      },
    },
  );
  loadConfig(recording);
  const secretFiles = SECRET_SETTINGS.map((name) => `${name}_FILE`);
  return { settings: [...read].filter((name) => !secretFiles.includes(name)).sort(), secretFiles };
}

/** Read by Node and glibc as the process starts, not by the service's configuration. */
export const PROCESS_SETTINGS = ['MALLOC_ARENA_MAX', 'NODE_OPTIONS'];
