import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { freePort } from './free-port';
import { startTestApp, TestApp } from './test-app';

/**
 * Browser tests (test/browser): playwright-core driving Debian's chromium (installed by
 * `scripts/setup.js --test`), against the real application started from source on a real port,
 * with PUBLIC_URL equal to the address the browser uses (invite links, hosted file links).
 *
 *   let b: BrowserTest;
 *   beforeAll(async () => (b = await startBrowserTest()));
 *   afterAll(() => b?.close());
 *   it('...', async () => {
 *     const page = await b.newPage();
 *     const owner = await ownerSession(b, page);
 *     ...
 *   });
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = resolve(__dirname, '../..');
/** What a laptop shows; screenshots are taken at this width. */
export const DESKTOP = { width: 1280, height: 800 };
/** A phone-width window. */
export const PHONE = { width: 390, height: 844 };
/** A password that satisfies the rules (at least 10 characters). */
export const PASSWORD = 'correct horse battery';

export interface BrowserTest {
  app: TestApp;
  /** `http://127.0.0.1:<port>`: the app's real address, and its PUBLIC_URL. */
  baseUrl: string;
  browser: Browser;
  /** A page in a fresh context (its own cookies), 1280 wide; closed with the browser. */
  newPage(options?: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/** One app and one browser for a spec file. */
export async function startBrowserTest(env: Record<string, string> = {}): Promise<BrowserTest> {
  buildDashboardAssets();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await startTestApp({ PORT: String(port), PUBLIC_URL: baseUrl, ...env });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      // Containers and CI often run as root, where chromium's sandbox cannot start.
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  } catch (error) {
    await app.close();
    throw new Error(`Could not start ${CHROMIUM_PATH} (run \`node scripts/setup.js --test\` to install chromium): ${String(error)}`);
  }
  const contexts: BrowserContext[] = [];
  return {
    app,
    baseUrl,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? DESKTOP, javaScriptEnabled: options.javaScriptEnabled ?? true, locale: 'en-US', timezoneId: 'UTC' });
      contexts.push(context);
      const page = await context.newPage();
      // A script error or a refused resource (CSP) would otherwise pass unseen: print it.
      page.on('pageerror', (error) => process.stderr.write(`browser page error on ${page.url()}: ${error.stack ?? error.message}\n`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page answered 4xx on purpose (a refused form) is logged by chromium as a failed load: not news.
        if (message.text().startsWith('Failed to load resource') && message.location().url === page.url()) return;
        process.stderr.write(`browser console error on ${page.url()}: ${message.text()} (${message.location().url})\n`);
      });
      return page;
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close().catch(() => undefined);
      await app.close();
    },
  };
}

let counter = 0;
/** A unique email address for a test user. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;
}

export interface SignedIn {
  workspaceId: string;
  email: string;
  password: string;
}

/** Opens an invite link, sets the password (typed twice) and lands on the overview, signed in. */
export async function acceptInvite(page: Page, inviteUrl: string, password = PASSWORD): Promise<void> {
  await page.goto(inviteUrl);
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await Promise.all([page.waitForURL(/\/dashboard\/overview$/), page.getByRole('button', { name: 'Set password and join' }).click()]);
}

/** Invites `email` to the workspace through the operator API; the invite URL. */
export async function inviteUrl(t: BrowserTest, workspaceId: string, email: string, role: 'owner' | 'member'): Promise<string> {
  const res = await t.app.admin.post(`/workspaces/${workspaceId}/members`, { email, role }).expect(201);
  const url = res.body.inviteUrl as string;
  if (!url.startsWith(`${t.baseUrl}/dashboard/invite/`)) throw new Error(`inviteUrl ${url} is not under ${t.baseUrl}`);
  return url;
}

/** A new workspace on `plan` (operator API), its owner invited, the invite accepted in `page`: signed in. */
export async function ownerSession(t: BrowserTest, page: Page, options: { plan?: string; name?: string } = {}): Promise<SignedIn> {
  const plan = options.plan ?? 'pro';
  const workspace = await t.app.admin.post('/workspaces', { name: options.name ?? `Acme ${plan}`, plan }).expect(201);
  const email = uniqueEmail('owner');
  await acceptInvite(page, await inviteUrl(t, workspace.body.id, email, 'owner'));
  return { workspaceId: workspace.body.id as string, email, password: PASSWORD };
}

/** A member of an existing workspace, invited and signed in in `page`. */
export async function memberSession(t: BrowserTest, page: Page, workspaceId: string): Promise<SignedIn> {
  const email = uniqueEmail('member');
  await acceptInvite(page, await inviteUrl(t, workspaceId, email, 'member'));
  return { workspaceId, email, password: PASSWORD };
}

/** Signs in on the sign-in page; waits until the dashboard shows. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForURL(/\/dashboard\/(?!sign-in)/), page.getByRole('button', { name: 'Sign in' }).click()]);
}

/** An API key of the workspace through the operator API. */
export async function createKey(t: BrowserTest, workspaceId: string, mode: 'live' | 'test' = 'live', name = `${mode} key`): Promise<string> {
  const res = await t.app.admin.post(`/workspaces/${workspaceId}/keys`, { name, mode }).expect(201);
  return res.body.key as string;
}

/**
 * Runs axe-core on the page as it is; fails, listing each violation readably, when one is
 * serious or critical (minor and moderate ones are printed, not failed on).
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    [
      `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`),
      ...(v.nodes.length > 5 ? [`    ... and ${v.nodes.length - 5} more`] : []),
    ].join('\n');
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) process.stderr.write(`axe (not failing) on ${label}:\n${minor.map(describe).join('\n')}\n`);
  if (blocking.length > 0) throw new Error(`axe found ${blocking.length} serious or critical violation(s) on ${label}:\n${blocking.map(describe).join('\n')}`);
}

/** expectAccessible at desktop width, then at phone width (the layout changes there); the viewport is put back. */
export async function expectAccessibleAtBothWidths(page: Page, label = page.url()): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  try {
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, label);
    await page.setViewportSize(PHONE);
    await expectAccessible(page, `${label}, phone`);
  } finally {
    await page.setViewportSize(before);
  }
}

/** Where screenshots go: docs/dashboard when UPDATE_SCREENSHOTS=1 (`npm run screenshots:update`), else a temp folder. */
export const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs', 'dashboard') : join(tmpdir(), 'pdfgen-dashboard-screenshots');

/**
 * A full-page screenshot at 1280 wide as `<name>.png`; with `phone`, also `<name>-phone.png` at
 * 390 wide. The viewport is put back afterwards. Returns the paths written.
 */
export async function screenshot(page: Page, name: string, options: { phone?: boolean } = {}): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  const written: string[] = [];
  // Expressions as strings: they run in the page, whose DOM types the tests' tsconfig does not load.
  const settle = () => page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const shoot = async (file: string, viewport: { width: number; height: number }) => {
    await page.setViewportSize(viewport);
    // Let layout (and a chart that follows its container's width) settle.
    await settle();
    // The whole page in one window as tall as the page: a full-page capture of a shorter window
    // would cut what is sized to the window (the sticky 100vh sidebar).
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await settle();
    const path = join(SCREENSHOT_DIR, file);
    await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
    written.push(path);
  };
  try {
    await shoot(`${name}.png`, DESKTOP);
    if (options.phone) await shoot(`${name}-phone.png`, PHONE);
  } finally {
    await page.setViewportSize(before);
  }
  return written;
}

/**
 * The browser bundles (scripts/build-dashboard.mjs, esbuild) are built when a source under
 * src/dashboard is newer than the output, so `npm test` on a fresh clone has them; a lock
 * directory keeps parallel jest workers from building over each other.
 */
export function buildDashboardAssets(): void {
  const script = join(ROOT, 'scripts', 'build-dashboard.mjs');
  if (!existsSync(script)) return;
  const sources = [join(ROOT, 'src', 'dashboard', 'client'), join(ROOT, 'src', 'dashboard', 'assets'), script];
  const output = join(ROOT, 'dist', 'dashboard', 'assets');
  const upToDate = () => newest(sources) <= oldest(output);
  if (upToDate()) return;
  const lock = join(ROOT, 'dist', '.dashboard-build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a minute was left by a killed run.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (Date.now() > deadline || age > 60_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    if (!upToDate()) execFileSync(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function files(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => files(join(path, entry)));
}

function newest(paths: string[]): number {
  return Math.max(0, ...paths.flatMap(files).map((f) => statSync(f).mtimeMs));
}

function oldest(path: string): number {
  const all = files(path);
  return all.length === 0 ? -1 : Math.min(...all.map((f) => statSync(f).mtimeMs));
}
