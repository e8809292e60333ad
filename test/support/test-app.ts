import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { adaptersFromEnv, sharedServicesFor, TestAdapters } from './scaled-out';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  /** The operator API with the admin token set. */
  admin: {
    post(path: string, body?: object): request.Test;
    get(path: string): request.Test;
    patch(path: string, body: object): request.Test;
    put(path: string, body: object): request.Test;
    delete(path: string): request.Test;
  };
  createWorkspace(plan?: string, extra?: object): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

/**
 * Boots the real application in a fresh temp folder (or `env.DATA_DIR`, to restart on earlier data),
 * listening on a free port: on SQLite and disk, or on PostgreSQL and S3 as `adapters` says.
 */
export async function startTestApp(env: Record<string, string> = {}, adapters: TestAdapters = adaptersFromEnv()): Promise<TestApp> {
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pdfgen-e2e-'));
  const shared = await sharedServicesFor(dataDir, adapters);
  let config: AppConfig;
  let app: NestExpressApplication;
  try {
    config = loadConfig({
      DATA_DIR: dataDir,
      ...shared.env,
      ADMIN_TOKEN,
      BOOTSTRAP: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_SECOND: '0',
      // Suites preview hundreds of times a minute; the limit has its own test (fair-sharing.spec.ts).
      PREVIEW_RATE_PER_MINUTE: '0',
      RENDER_WORKERS: '3',
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
    });
    app = await createApp(config);
    // PORT 0 (the default) takes a free port; a test that needs PUBLIC_URL to match passes both.
    await app.listen(config.port, '127.0.0.1');
  } catch (error) {
    await shared.release();
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Released when the app closes, also when a test closes `app` itself.
  const released = new Promise<void>((done) => app.getHttpServer().once('close', () => void shared.release().finally(done)));
  const http = request(app.getHttpServer());
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const admin = {
    post: (path: string, body?: object) => http.post(`/admin/v1${path}`).set(auth).send(body),
    get: (path: string) => http.get(`/admin/v1${path}`).set(auth),
    patch: (path: string, body: object) => http.patch(`/admin/v1${path}`).set(auth).send(body),
    put: (path: string, body: object) => http.put(`/admin/v1${path}`).set(auth).send(body),
    delete: (path: string) => http.delete(`/admin/v1${path}`).set(auth),
  };
  return {
    app,
    config,
    http,
    admin,
    async createWorkspace(plan = 'business', extra = {}) {
      const ws = await admin.post('/workspaces', { name: `ws-${plan}`, plan, ...extra }).expect(201);
      const key = await admin.post(`/workspaces/${ws.body.id}/keys`, { name: 'test' }).expect(201);
      return { id: ws.body.id as string, key: key.body.key as string };
    },
    async close() {
      await app.close();
      await released;
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
