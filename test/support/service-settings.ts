import { Env, loadConfig } from '../../src/config/app-config';
import { SECRET_SETTINGS } from '../../src/config/secret-files';

/**
 * Every environment variable the service reads at start, found by letting loadConfig read from an
 * environment that records each name asked for (with S3_BUCKET set, so the S3 settings are read
 * too): src/config stays the one list, and a setting added there shows up here by itself.
 */
export function serviceSettings(): { settings: string[]; secretFiles: string[] } {
  const read = new Set<string>();
  const recording = new Proxy<Env>(
    {},
    {
      get(_, name) {
        if (typeof name !== 'string') return undefined;
        read.add(name);
        return name === 'S3_BUCKET' ? 'bucket' : undefined;
      },
    },
  );
  loadConfig(recording);
  const secretFiles = SECRET_SETTINGS.map((name) => `${name}_FILE`);
  return { settings: [...read].filter((name) => !secretFiles.includes(name)).sort(), secretFiles };
}

/** Read by Node and glibc as the process starts, not by the service's configuration. */
export const PROCESS_SETTINGS = ['MALLOC_ARENA_MAX', 'NODE_OPTIONS'];
