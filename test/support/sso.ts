import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { buildDashboardAssets, CHROMIUM_PATH, DESKTOP } from './browser';
import { freePort } from './free-port';
import { ServiceProcess, startServiceProcess } from './service-process';
import { ADMIN_TOKEN } from './test-app';

/** oidc-provider's client of test/support/oidc-provider.mjs (the same values). */
export const OIDC_CLIENT = { id: 'pdfgen-dashboard', secret: 'a-client-secret-for-the-test-provider' };

/**
 * Single sign-on end to end: a real OpenID provider (oidc-provider in a child process, ESM), the built
 * service (`node dist/main.js`: openid-client 6 is ESM, which Jest's loader cannot load) with
 * PUBLIC_URL at its address, and Chromium.
 */
export interface SsoTest {
  baseUrl: string;
  issuer: string;
  service: ServiceProcess;
  browser: Browser;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** The operator API of the service. */
  admin(method: string, path: string, body?: object): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startSsoTest(env: Record<string, string> = {}): Promise<SsoTest> {
  buildDashboardAssets();
  const [providerPort, port] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const issuer = `http://127.0.0.1:${providerPort}`;
  const provider = await startProvider(providerPort, `${baseUrl}/dashboard/sso/callback`);
  const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-sso-'));
  let service: ServiceProcess;
  try {
    service = await startServiceProcess({
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      BOOTSTRAP: 'false',
      LOG_LEVEL: 'error',
      RENDER_WORKERS: '1',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: 'Acme ID',
      ...env,
    });
  } catch (error) {
    provider.kill();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  return {
    baseUrl,
    issuer,
    service,
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-US', timezoneId: 'UTC' });
      const page = await context.newPage();
      page.on('pageerror', (error) => process.stderr.write(`browser page error on ${page.url()}: ${error.message}\n`));
      return page;
    },
    async admin(method, path, body) {
      const res = await fetch(`${baseUrl}/admin/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    async close() {
      await browser.close().catch(() => undefined);
      service.child.kill('SIGTERM');
      await service.exited;
      provider.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startProvider(port: number, redirectUri: string): Promise<ChildProcess> {
  const script = resolve(__dirname, 'oidc-provider.mjs');
  const child = spawn(process.execPath, [script, String(port), redirectUri], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) ready();
    });
    child.once('exit', (code) => fail(new Error(`the OpenID provider exited with ${code}: ${output}`)));
  });
  return child;
}

/** On the provider's development sign-in form: `login` is the person's email (see oidc-provider.mjs). */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}
