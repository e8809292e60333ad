import type { Locator, Page } from 'playwright-core';
import { BrowserTest, createKey, expectAccessible, expectAccessibleAtBothWidths, memberSession, ownerSession, screenshot, startBrowserTest } from '../support/browser';

/** The page's globals, typed just enough for the functions this spec runs in the browser (the test tsconfig has no DOM lib). */
interface PageElement {
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  hidden: boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  shadowRoot: { getSelection?: () => { toString(): string } | null } | null;
}
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}
declare const document: { getElementById(id: string): PageElement | null; querySelector(selector: string): PageElement | null; activeElement: PageElement | null };
declare const window: { scrollTo(x: number, y: number): void };

/** The templates pages (DECISIONS sections 9, 10): built-ins with drawn previews, the custom template editor. */
describe('dashboard: templates', () => {
  let b: BrowserTest;
  beforeAll(async () => {
    b = await startBrowserTest();
  });
  afterAll(() => b?.close());

  /** A small valid definition (as in test/api/custom-templates.spec.ts); `word` starts its one text block. */
  const greeting = (id: string, word = 'Hello') => ({
    id,
    name: 'Greeting card',
    description: 'Says hello to someone',
    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    layout: {
      body: [
        { type: 'text', text: `${word} {{ name }}`, style: 'title' },
        { type: 'text', text: 'Thank you for your order.', style: 'body' },
      ],
    },
    sampleData: { name: 'Sample Person' },
  });

  const api = (key: string) => ({
    create: (body: object) => b.app.http.post('/api/v1/templates').set('X-API-Key', key).send(body).expect(201),
    get: (id: string) => b.app.http.get(`/api/v1/templates/${id}`).set('X-API-Key', key),
  });

  /** A signed-in owner of a new Business workspace with one custom template made through the API. */
  async function businessWithTemplate(page: Page, id = 'greeting'): Promise<{ workspaceId: string; key: string }> {
    const owner = await ownerSession(b, page, { plan: 'business', name: 'Acme Business' });
    const key = await createKey(b, owner.workspaceId);
    await api(key).create(greeting(id));
    return { workspaceId: owner.workspaceId, key };
  }

  const status = (page: Page) => page.locator('#preview-status');
  const previewText = (page: Page) => page.locator('#preview-pages').getAttribute('data-preview-text');
  const definitionEditor = (page: Page) => page.locator('.code-editor[data-editor-for="definition"]');
  const csrfOf = (page: Page) => page.locator('input[name=_csrf]').first().inputValue();

  /** Waits until the live preview shows `text` (drawn by pdf.js; its text content read back). */
  async function previewShows(page: Page, text: string): Promise<void> {
    await page.waitForFunction(
      (wanted) => (document.getElementById('preview-pages')?.dataset.previewText ?? '').includes(wanted) && /^Preview: \d+ pages?$/.test(document.getElementById('preview-status')?.textContent ?? ''),
      text,
      { timeout: 20_000 },
    );
  }

  /** Puts the keyboard cursor at the end of the first editor line holding `text`. */
  async function cursorAtEndOfLine(editor: Locator, text: string): Promise<void> {
    await editor.locator('.cm-line', { hasText: text }).first().click();
    await editor.page().keyboard.press('End');
  }

  it('lists the built-ins with their sample previews drawn by pdf.js, and the workspace’s own templates', async () => {
    const page = await b.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await businessWithTemplate(page, 'greeting-list');

    await page.goto('/dashboard/templates');
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 }).isVisible()).resolves.toBe(true);
    const custom = page.getByRole('row', { name: /Greeting card/ });
    await expect(custom.getByText('greeting-list').isVisible()).resolves.toBe(true);
    await expect(custom.getByText('1.0.0').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'New template' }).isVisible()).resolves.toBe(true);

    // Each card's first page is drawn lazily, as it scrolls into view.
    const thumbs = page.locator('[data-sample-pdf]');
    await expect(thumbs.count()).resolves.toBe(4);
    for (let i = 0; i < 4; i++) {
      await thumbs.nth(i).scrollIntoViewIfNeeded();
      await thumbs.nth(i).and(page.locator('[data-state="ready"]')).waitFor({ timeout: 20_000 });
      await expect(thumbs.nth(i).locator('canvas.pdf-page').count()).resolves.toBe(1);
    }
    const invoice = page.locator('#template-invoice-basic');
    await expect(invoice.locator('.thumb-pages').getAttribute('data-preview-text')).resolves.toMatch(/INVOICE|Invoice/);
    await expect(invoice.getByRole('status').textContent()).resolves.toMatch(/^Sample: \d+ pages?$/);
    // A drawn canvas is not blank: a share of its pixels are ink (text, rules, the watermark).
    const ink = await invoice.locator('canvas.pdf-page').evaluate((canvas: PageCanvas) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 600) count++;
      return count / (data.length / 4);
    });
    expect(ink).toBeGreaterThan(0.01);

    const link = invoice.getByRole('link', { name: /Open sample PDF/ });
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'templates', { phone: true });
    await expectAccessibleAtBothWidths(page, 'templates (business)');
    expect(errors).toEqual([]);
  });

  it('tells a workspace without the Business plan that custom templates need it', async () => {
    const page = await b.newPage();
    await ownerSession(b, page, { plan: 'pro' });
    await page.goto('/dashboard/templates');
    await expect(page.getByRole('heading', { name: 'Custom templates need the Business plan' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'New template' }).count()).resolves.toBe(0);
    const res = await page.goto('/dashboard/templates/new');
    expect(res?.status()).toBe(403);
    await expect(page.getByText('Custom templates require the Business plan').isVisible()).resolves.toBe(true);
    // Previews of a layout are refused to the plan too, with the API's error.
    const preview = await page.request.post('/dashboard/templates/preview', {
      headers: { 'X-CSRF-Token': await csrfOf(page), Accept: 'application/json' },
      data: greeting('x'),
    });
    expect(preview.status()).toBe(403);
    expect(await preview.json()).toMatchObject({ code: 'CUSTOM_TEMPLATES_NOT_IN_PLAN' });
  });

  it('edits a definition with the keyboard and sees the preview follow, shows an error at its path, and saves a new version', async () => {
    const page = await b.newPage();
    const { key } = await businessWithTemplate(page, 'greeting');

    await page.goto('/dashboard/templates/greeting');
    await previewShows(page, 'Hello Sample Person');
    await expect(status(page).textContent()).resolves.toBe('Preview: 1 page');

    // Type into CodeMirror: replace the word "Hello" of the first text block.
    const editor = definitionEditor(page);
    await cursorAtEndOfLine(editor, '"text": "Hello {{ name }}"');
    for (let i = 0; i < '{{ name }}",'.length; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'Hello '.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('Greetings ', { delay: 20 });
    await previewShows(page, 'Greetings Sample Person');
    expect(await previewText(page)).not.toContain('Hello');

    // Break it: a block type the language does not have.
    await cursorAtEndOfLine(editor, '"type": "text"');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('txet');
    const problem = page.locator('#editor-errors').getByRole('button', { name: /^layout\.body\[0\]\.type must be one of: text, columns, table/ });
    await problem.waitFor({ timeout: 20_000 });
    await expect(page.locator('#editor-errors .errors-title').textContent()).resolves.toBe('Invalid template definition: 1 problem to fix');
    await expect(status(page).textContent()).resolves.toBe('Preview out of date: fix the problems listed to update it');
    // The last good preview stays, dimmed.
    await expect(page.locator('.preview-pane').getAttribute('class')).resolves.toContain('is-stale');
    expect(await previewText(page)).toContain('Greetings Sample Person');
    await screenshot(page, 'template-editor-error');
    await expectAccessible(page, 'template editor (with an error)');

    // Choosing the error puts the cursor on the value at that path.
    await problem.click();
    await expect(page.evaluate(() => document.activeElement?.closest('.code-editor')?.getAttribute('data-editor-for'))).resolves.toBe('definition');
    const selected = () => {
      // The editors live in shadow roots (see template-editor.ts): Chrome reads their selection there.
      const shadow = document.querySelector('.code-editor[data-editor-for="definition"]')?.shadowRoot;
      return shadow?.getSelection?.()?.toString() ?? '';
    };
    await expect(page.evaluate(selected)).resolves.toBe('"txet"');

    // Fix it in place (the selection is the wrong value) and see the preview come back.
    await page.keyboard.press('Backspace');
    await page.keyboard.type('"text');
    await page.waitForFunction(() => document.getElementById('editor-errors')?.hidden === true, undefined, { timeout: 20_000 });
    await previewShows(page, 'Greetings Sample Person');
    await expect(page.locator('.preview-pane').getAttribute('class')).resolves.not.toContain('is-stale');

    // A JSON syntax error is shown at its line and column, without asking the server.
    await cursorAtEndOfLine(editor, '"style": "body"');
    await page.keyboard.type(',');
    const syntax = page.locator('#editor-errors').getByRole('button', { name: /^Definition, line \d+, column \d+:/ });
    await syntax.waitFor({ timeout: 20_000 });
    await page.keyboard.press('Backspace');
    await previewShows(page, 'Greetings Sample Person');

    await Promise.all([page.waitForURL(/\/dashboard\/templates\/greeting\?saved=1\.1\.0$/), page.getByRole('button', { name: 'Save as new version' }).first().click()]);
    await expect(page.getByRole('status').filter({ hasText: 'Saved version 1.1.0' }).isVisible()).resolves.toBe(true);
    const versions = page.locator('#versions tbody tr');
    await expect(versions.locator('.version-number').allTextContents()).resolves.toEqual(['1.0.0', '1.1.0']);
    await expect(versions.nth(1).getByText('Newest').isVisible()).resolves.toBe(true);

    const saved = await api(key).get('greeting').expect(200);
    expect(saved.body.version).toBe('1.1.0');
    expect(saved.body.versions.map((v: { version: string }) => v.version)).toEqual(['1.0.0', '1.1.0']);
    expect(saved.body.definition.layout.body[0]).toEqual({ type: 'text', text: 'Greetings {{ name }}', style: 'title' });
    expect(saved.body.definition.sampleData).toEqual({ name: 'Sample Person' });

    await previewShows(page, 'Greetings Sample Person');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'template-editor', { phone: true });
    await expectAccessibleAtBothWidths(page, 'template editor');

    // An older version opens read-only and can be loaded into the editor.
    await page.getByRole('link', { name: 'View version 1.0.0' }).click();
    await page.waitForURL(/\?version=1\.0\.0$/);
    await expect(page.getByText('You are viewing version 1.0.0, read-only.').isVisible()).resolves.toBe(true);
    await expectAccessibleAtBothWidths(page, 'template editor (a version, read-only)');
    await expect(page.getByRole('button', { name: 'Save as new version' }).count()).resolves.toBe(0);
    await previewShows(page, 'Hello Sample Person');
    await expect(definitionEditor(page).locator('.cm-content').getAttribute('contenteditable')).resolves.toBe('false');
    await page.getByRole('link', { name: 'Load it into the editor' }).click();
    await page.waitForURL(/\?from=1\.0\.0$/);
    await expect(page.getByText('Version 1.0.0 is loaded into the editor').isVisible()).resolves.toBe(true);
    await previewShows(page, 'Hello Sample Person');
  });

  it('completes the definition from the served schemas: block types, the properties of a block’s type, enum values, top-level fields', async () => {
    const page = await b.newPage();
    await businessWithTemplate(page, 'greeting');
    await page.goto('/dashboard/templates/greeting');
    await previewShows(page, 'Hello Sample Person');
    const editor = definitionEditor(page);
    const popup = editor.locator('.cm-tooltip-autocomplete');
    const offered = async () => {
      await popup.waitFor();
      return popup.locator('.cm-completionLabel').allTextContents();
    };
    // CodeMirror takes a key as a choice only 75 ms after its list opened (interactionDelay): an
    // Enter sooner, as on a loaded machine, is a new line, and the next steps type into a broken document.
    const choose = async () => {
      await page.waitForTimeout(100);
      await page.keyboard.press('Enter');
    };

    // A new property of the first text block: a text block's own properties, not another type's, not those it has.
    await cursorAtEndOfLine(editor, '"text": "Hello {{ name }}"');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"');
    const keys = await offered();
    expect(keys).toEqual(expect.arrayContaining(['bold', 'italic', 'size', 'color', 'align', 'role']));
    for (const other of ['rows', 'columns', 'blocks', 'type', 'text']) expect(keys).not.toContain(other);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'template-editor-completion');
    await expectAccessible(page, 'template editor (completion open)');
    await page.keyboard.type('bol');
    await expect(offered().then((labels) => labels[0])).resolves.toBe('bold');
    await choose();
    await page.keyboard.type('true,');

    // An enum's values.
    await page.keyboard.press('Enter');
    await page.keyboard.type('"ali');
    await expect(offered().then((labels) => labels[0])).resolves.toBe('align');
    await choose();
    await page.keyboard.type('"');
    await expect(offered()).resolves.toEqual(['center', 'left', 'right']);
    await page.keyboard.type('ri');
    await choose();
    await page.keyboard.type(',');

    // The block type: every type of the language, each described.
    await cursorAtEndOfLine(editor, '"type": "text"');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Space');
    const types = await offered();
    expect(types).toHaveLength(17);
    expect(types).toEqual(expect.arrayContaining(['text', 'table', 'columns', 'calendar']));
    await page.keyboard.type('tex');
    await expect(offered().then((labels) => labels[0])).resolves.toBe('text');
    await expect(editor.locator('.cm-completionInfo').textContent()).resolves.toBe('A paragraph of wrapped text.');
    await choose();

    // The definition's own fields, less those it has.
    await editor.locator('.cm-line').first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Space');
    await expect(offered()).resolves.toEqual(['defaultOptions']);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');

    // A new block in the body, before any `{`: a block of each type.
    await cursorAtEndOfLine(editor, '"body": [');
    await page.keyboard.press('Enter');
    await page.keyboard.type('d');
    expect(await offered()).toContain('{ "type": "divider" }');
    // Typed once the list is open: an Enter in the list's first moments is not taken as a choice.
    await page.keyboard.type('iv');
    await expect(offered().then((labels) => labels[0])).resolves.toBe('{ "type": "divider" }');
    await choose();
    // The cursor waits after the type, for the block's next property.
    await page.keyboard.press('End');
    await page.keyboard.type(',');

    await previewShows(page, 'Hello Sample Person');
    await expect(page.evaluate(() => document.getElementById('editor-errors')?.hidden)).resolves.toBe(true);
    const text = await editor.locator('.cm-content').textContent();
    expect(text).toContain('"type": "text",');
    expect(text).toContain('{ "type": "divider" },');
    expect(text?.replace(/\s+/g, ' ')).toContain('"text": "Hello {{ name }}", "bold": true, "align": "right", "style": "title"');
  });

  it('asks before unsaved work is left, saves nothing unchanged, and refuses invalid JSON and an empty filter before saving', async () => {
    const page = await b.newPage();
    const { key } = await businessWithTemplate(page, 'greeting-guard');
    await page.goto('/dashboard/templates/greeting-guard');
    await previewShows(page, 'Hello Sample Person');

    // Saving what is already the newest version makes no new one.
    await Promise.all([page.waitForURL(/\?unchanged=1\.0\.0$/), page.getByRole('button', { name: 'Save as new version' }).first().click()]);
    await expect(page.getByRole('status').filter({ hasText: 'Nothing changed since version 1.0.0: no new version was saved.' }).isVisible()).resolves.toBe(true);
    expect((await api(key).get('greeting-guard').expect(200)).body.versions.map((v: { version: string }) => v.version)).toEqual(['1.0.0']);
    await previewShows(page, 'Hello Sample Person');

    // An empty filter is refused at its place in the text.
    const editor = definitionEditor(page);
    await cursorAtEndOfLine(editor, '"text": "Hello {{ name }}"');
    for (let i = 0; i < ' }}",'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' |');
    await page.locator('#editor-errors').getByRole('button', { name: 'layout.body[0].text has an empty filter at line 1, column 15: write a filter\'s name after "|", or remove the "|"' }).waitFor({ timeout: 20_000 });
    for (let i = 0; i < 2; i++) await page.keyboard.press('Backspace');
    await previewShows(page, 'Hello Sample Person');

    // JSON that does not parse cannot be saved: Save waits until it does.
    const save = page.getByRole('button', { name: 'Save as new version' });
    await cursorAtEndOfLine(editor, '"style": "body"');
    await page.keyboard.type(',');
    await page.locator('#editor-errors').getByRole('button', { name: /^Definition, line \d+, column \d+:/ }).waitFor({ timeout: 20_000 });
    await expect(save.first().isDisabled()).resolves.toBe(true);
    await expect(save.last().isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Backspace');
    await previewShows(page, 'Hello Sample Person');
    await expect(save.first().isEnabled()).resolves.toBe(true);

    // A change, then a link of the dashboard: asked first; cancelling stays.
    await cursorAtEndOfLine(editor, '"text": "Thank you for your order."');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' today');
    await page.locator('.breadcrumb').getByRole('link', { name: 'Templates' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain('Leave this page? Your changes to this template are not saved.');
    await expectAccessible(page, 'template editor (leave unsaved?)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toMatch(/\/dashboard\/templates\/greeting-guard\?unchanged=1\.0\.0$/);

    // Closing or reloading the tab: the browser's own prompt.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
    await page.close({ runBeforeUnload: true });
    await expect(asked).resolves.toBe('beforeunload');
  });

  it('starts a new template from the built-ins’ designs or any example of examples/custom, its id made from the name', async () => {
    const page = await b.newPage();
    const { key } = await businessWithTemplate(page, 'greeting-starters');
    await page.goto('/dashboard/templates/new');
    const options = await page.getByLabel('Start from').locator('option').allTextContents();
    expect(options).toEqual([
      'Packing slip (the API’s example)',
      'Calendar schedule (custom)',
      'Course certificate',
      'Invoice (custom)',
      'KPI dashboard (custom)',
      'Packing slip',
      'Shop receipt',
      'Weekly report (custom)',
    ]);
    await page.getByLabel('Start from').selectOption({ label: 'Course certificate' });
    await Promise.all([page.waitForURL(/\?starter=certificate$/), page.getByRole('button', { name: 'Use this starter' }).click()]);
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Course certificate');
    await page.waitForFunction(() => /^Preview: \d+ pages?$/.test(document.getElementById('preview-status')?.textContent ?? ''), undefined, { timeout: 30_000 });
    await expectAccessibleAtBothWidths(page, 'new template (a starter)');
    await screenshot(page, 'template-starter', { phone: true });
    // No id typed: the name's own, without a random suffix.
    await Promise.all([page.waitForURL(/\/dashboard\/templates\/course-certificate\?saved=1\.0\.0$/), page.getByRole('button', { name: 'Create template' }).first().click()]);
    await api(key).get('course-certificate').expect(200);
    expect((await page.goto('/dashboard/templates/new?starter=nope'))!.status()).toBe(404);
  });

  it('lets a member preview but not save or delete: hidden, and refused on the server', async () => {
    const ownerPage = await b.newPage();
    const { workspaceId, key } = await businessWithTemplate(ownerPage, 'greeting-member');
    const page = await b.newPage();
    await memberSession(b, page, workspaceId);

    await page.goto('/dashboard/templates/greeting-member');
    await previewShows(page, 'Hello Sample Person');
    await expect(page.getByText('only owners save or delete templates').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /Save/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Delete' }).count()).resolves.toBe(0);

    // Members may still try their edits in the preview.
    await cursorAtEndOfLine(definitionEditor(page), '"text": "Hello {{ name }}"');
    for (let i = 0; i < '{{ name }}",'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('dear ');
    await previewShows(page, 'Hello dear Sample Person');

    const csrf = await csrfOf(page);
    const form = { _csrf: csrf, name: 'Hijacked', category: 'custom', definition: JSON.stringify({ schema: greeting('x').schema, layout: greeting('x').layout }), sampleData: '' };
    const save = await page.request.post('/dashboard/templates/greeting-member', { form });
    expect(save.status()).toBe(403);
    expect(await save.text()).toContain('Only owners can do this');
    expect((await page.request.post('/dashboard/templates', { form })).status()).toBe(403);
    expect((await page.request.post('/dashboard/templates/greeting-member/delete', { form: { _csrf: csrf } })).status()).toBe(403);
    const after = await api(key).get('greeting-member').expect(200);
    expect(after.body).toMatchObject({ name: 'Greeting card', version: '1.0.0' });
    await expectAccessible(page, 'template editor (member)');
  });

  it('creates a template from the starter, then deletes it after confirming', async () => {
    const page = await b.newPage();
    const { key } = await businessWithTemplate(page, 'greeting-kept');

    await page.goto('/dashboard/templates');
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.waitForURL(/\/dashboard\/templates\/new$/);
    await previewShows(page, 'Order SO-1042');
    await page.getByLabel('Name').fill('Packing slip');
    await page.getByLabel(/^Id/).fill('packing-slip');
    await expectAccessible(page, 'new template');
    await Promise.all([page.waitForURL(/\/dashboard\/templates\/packing-slip\?saved=1\.0\.0$/), page.getByRole('button', { name: 'Create template' }).first().click()]);
    expect((await api(key).get('packing-slip').expect(200)).body).toMatchObject({ name: 'Packing slip', version: '1.0.0', custom: true });

    // A taken id is refused with the API's message, the author's text kept.
    await page.goto('/dashboard/templates/new');
    await page.getByLabel('Name').fill('Another');
    await page.getByLabel(/^Id/).fill('packing-slip');
    await page.getByRole('button', { name: 'Create template' }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: "Template 'packing-slip' already exists" }).isVisible()).resolves.toBe(true);
    // The keyboard starts at what went wrong, not at the top of the page.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('id'))).resolves.toBe('save-errors');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Another');

    await page.goto('/dashboard/templates/packing-slip');
    await page.getByRole('link', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain('Delete “Packing slip” (packing-slip) and its only version?');
    // Cancelling keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await api(key).get('packing-slip').expect(200);
    await page.getByRole('link', { name: 'Delete' }).click();
    await Promise.all([page.waitForURL(/\/dashboard\/templates\?deleted=packing-slip$/), dialog.getByRole('button', { name: 'Delete template' }).click()]);
    await expect(page.getByRole('status').filter({ hasText: 'packing-slip and all its versions were deleted' }).isVisible()).resolves.toBe(true);
    await api(key).get('packing-slip').expect(404);
    await api(key).get('greeting-kept').expect(200);
  });

  it('works without JavaScript: the definition is a textarea form that saves, with the API’s errors', async () => {
    const context = await b.browser.newContext({ baseURL: b.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const { key } = await businessWithTemplate(page, 'greeting-nojs');
      await page.goto('/dashboard/templates/greeting-nojs');
      // No "Loading the preview…" that never ends: the page says the live preview needs JavaScript.
      await expect(status(page).innerText()).resolves.toBe('No live preview: it needs JavaScript');
      const definition = page.getByLabel('Definition');
      const text = await definition.inputValue();
      expect(JSON.parse(text)).toEqual({ schema: greeting('x').schema, layout: greeting('x').layout });

      await definition.fill(text.replace('"type": "text"', '"type": "txet"'));
      await page.getByRole('button', { name: 'Save as new version' }).first().click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid template definition' }).textContent()).resolves.toContain('layout.body[0].type must be one of: text, columns');
      await definition.fill(text.replace('Hello', 'Welcome'));
      await Promise.all([page.waitForURL(/\?saved=1\.1\.0$/), page.getByRole('button', { name: 'Save as new version' }).first().click()]);
      expect((await api(key).get('greeting-nojs').expect(200)).body.definition.layout.body[0].text).toBe('Welcome {{ name }}');

      // A definition far over the 64 KiB of other dashboard forms still saves (as the API takes up to 512 KiB).
      const long = JSON.parse(text);
      for (let i = 0; i < 8; i++) long.layout.body.push({ type: 'text', text: 'Lorem ipsum dolor sit amet. '.repeat(500), style: 'small' });
      const big = await page.request.post('/dashboard/templates/greeting-nojs', {
        form: { _csrf: await csrfOf(page), name: 'Greeting card', category: 'custom', definition: JSON.stringify(long, null, 2), sampleData: '{ "name": "Big" }' },
        maxRedirects: 0,
      });
      expect({ status: big.status(), alert: big.status() === 303 ? '' : /<div class="alert alert-error"[^]*?<\/div>/.exec(await big.text())?.[0] }).toEqual({ status: 303, alert: '' });
      expect(big.headers().location).toBe('/dashboard/templates/greeting-nojs?saved=1.2.0');

      // The editor shows a definition back as its author wrote it: compact stays compact.
      await page.goto('/dashboard/templates/greeting-nojs');
      const compact = JSON.stringify({ ...JSON.parse(text), layout: { body: [{ type: 'text', text: 'Hi {{ name }}' }] } });
      await definition.fill(compact);
      await Promise.all([page.waitForURL(/\?saved=1\.3\.0$/), page.getByRole('button', { name: 'Save as new version' }).first().click()]);
      await expect(definition.inputValue()).resolves.toBe(compact);

      await definition.fill('{\n  "schema": {},\n  not json');
      await page.getByRole('button', { name: 'Save as new version' }).first().click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid template definition' }).textContent()).resolves.toContain(
        "definition is not valid JSON at line 3, column 3: Expected double-quoted property name",
      );
    } finally {
      await context.close();
    }
  });
});
