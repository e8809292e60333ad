/**
 * The custom template editor (/dashboard/templates/new and /dashboard/templates/:id): CodeMirror 6
 * JSON editors over the form's two textareas (the definition `{ schema, layout, defaultOptions? }`
 * and the sample data), and a live preview drawn by pdf.js that follows the author's typing
 * (debounced). The definition completes keys and values from the served schemas (lib/schema-completion).
 * The API's validationErrors are listed beside the editors, each naming its path;
 * choosing one moves the cursor there. Without this script the textareas post the same form.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Diagnostic, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, Extension, Prec } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { firstSyntaxError, lineAndColumn, locatePath, PathSegment, pathInMessage } from './lib/json-path';
import { pdfJsLocation, renderPdf } from './lib/pdf-preview';
import { Schema, schemaCompletion } from './lib/schema-completion';

const DEBOUNCE_MS = 400;

type EditorName = 'definition' | 'sampleData';

interface Problem {
  message: string;
  editor?: EditorName;
  /** A path inside that editor's document, or a position. */
  path?: PathSegment[];
  pos?: number;
}

interface ApiErrorBody {
  error?: string;
  code?: string;
  details?: string;
  validationErrors?: string[];
}

function start(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form.template-form') ?? root.closest('form');
  const readOnly = root.dataset.readOnly === 'true';
  const previewUrl = root.dataset.previewUrl ?? '/dashboard/templates/preview';
  const csrfToken = root.dataset.csrfToken ?? '';
  const pdfjs = pdfJsLocation(root);

  const pagesEl = must<HTMLElement>(root, '#preview-pages');
  const statusEl = must<HTMLElement>(root, '#preview-status');
  const errorsEl = must<HTMLElement>(root, '#editor-errors');
  const errorsList = must<HTMLOListElement>(errorsEl, 'ol');
  const previewPane = must<HTMLElement>(root, '.preview-pane');

  // The definition completes from the served schemas, embedded by the page (absent when read-only).
  const island = document.getElementById('definition-schema');
  const definitionSchema = island?.textContent ? (JSON.parse(island.textContent) as Schema) : undefined;
  const views = {} as Record<EditorName, EditorView>;
  for (const name of ['definition', 'sampleData'] as const) {
    const textarea = must<HTMLTextAreaElement>(root, `textarea[data-editor="${name}"]`);
    const completion = name === 'definition' && definitionSchema ? [autocompletion({ override: [schemaCompletion(definitionSchema)] })] : [];
    views[name] = mount(textarea, readOnly, completion, () => schedule(), () => save());
  }

  // The textareas stay the form's fields: filled from the editors on submit.
  form?.addEventListener('submit', () => {
    for (const name of ['definition', 'sampleData'] as const) must<HTMLTextAreaElement>(root, `textarea[data-editor="${name}"]`).value = views[name].state.doc.toString();
    leaving = true;
  });

  // Unsaved work is not dropped unasked: the browser's prompt when the page unloads, the
  // dashboard's dialog for a link of the dashboard.
  const saved = snapshot();
  let leaving = false;
  // A save the server refused came back with the author's text: unsaved from the start.
  const refused = root.dataset.unsaved === 'true';
  const unsaved = () => !readOnly && !leaving && (refused || snapshot() !== saved);
  window.addEventListener('beforeunload', (event) => {
    if (!unsaved()) return;
    event.preventDefault();
    event.returnValue = '';
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[href]');
    if (!link || link.target === '_blank' || link.hasAttribute('data-delete-template') || event.defaultPrevented || !unsaved()) return;
    if (new URL(link.href, location.href).origin !== location.origin || link.getAttribute('href')?.startsWith('#')) return;
    event.preventDefault();
    confirmLeave(() => {
      leaving = true;
      location.assign(link.href);
    });
  });

  /** The form's fields and both editors, as one string to compare with the page as it came. */
  function snapshot(): string {
    const fields = form ? [...new FormData(form)].filter(([name]) => name !== '_csrf' && name !== 'definition' && name !== 'sampleData') : [];
    return JSON.stringify([fields, views.definition.state.doc.toString(), views.sampleData.state.doc.toString()]);
  }

  errorsList.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-problem]');
    if (!button) return;
    const problem = shown[Number(button.dataset.problem)];
    if (problem) reveal(problem);
  });

  let timer: number | undefined;
  let inFlight: AbortController | undefined;
  let sequence = 0;
  let shown: Problem[] = [];
  let hasPreview = false;

  /** Ctrl/Cmd+S in an editor: the form's save, when this user may save. */
  function save(): boolean {
    const button = document.querySelector<HTMLButtonElement>('button[type=submit][form="template-form"]');
    if (!form || !button) return false;
    form.requestSubmit(button);
    return true;
  }

  function schedule(): void {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(), DEBOUNCE_MS);
  }

  async function refresh(): Promise<void> {
    const mine = ++sequence;
    inFlight?.abort();
    const body = requestBody();
    // A save of JSON that does not parse could only be refused: Save waits until it does.
    setSaveEnabled(!('problems' in body));
    if ('problems' in body) return showProblems(body.problems, 'The JSON has a syntax error');
    const controller = (inFlight = new AbortController());
    setBusy(true);
    try {
      const res = await fetch(previewUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify(body.json),
        signal: controller.signal,
      });
      if (mine !== sequence) return;
      if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
        const bytes = new Uint8Array(await res.arrayBuffer());
        if (mine !== sequence) return;
        const rendered = await renderPdf(pdfjs, bytes, pagesEl, { label: 'Preview page' });
        if (mine !== sequence) return;
        hasPreview = true;
        showProblems([]);
        setStatus(`Preview: ${rendered.pages} ${rendered.pages === 1 ? 'page' : 'pages'}`, 'ok');
        return;
      }
      const error = (await res.json().catch(() => ({}))) as ApiErrorBody;
      if (mine !== sequence) return;
      showProblems(problemsOf(error), error.error ?? `The preview failed (HTTP ${res.status})`);
    } catch (error) {
      if ((error as Error).name === 'AbortError' || mine !== sequence) return;
      showProblems([{ message: `The preview could not be drawn: ${(error as Error).message}. Check your connection and edit again to retry.` }], 'Preview unavailable');
    } finally {
      if (mine === sequence) setBusy(false);
    }
  }

  /** The preview request from the editors, or the JSON syntax errors that keep it from being sent. */
  function requestBody(): { json: Record<string, unknown> } | { problems: Problem[] } {
    const problems: Problem[] = [];
    const definition = parse('definition', problems);
    const sample = views.sampleData.state.doc.toString().trim() === '' ? undefined : parse('sampleData', problems);
    if (problems.length > 0) return { problems };
    if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) {
      return { problems: [{ message: 'The definition must be a JSON object with schema and layout', editor: 'definition', pos: 0 }] };
    }
    return { json: { ...(definition as Record<string, unknown>), ...(sample === undefined ? {} : { sampleData: sample }) } };
  }

  function parse(name: EditorName, problems: Problem[]): unknown {
    const state = views[name].state;
    try {
      return JSON.parse(state.doc.toString());
    } catch (error) {
      const fromMessage = /position (\d+)/.exec((error as Error).message);
      const pos = firstSyntaxError(state) ?? (fromMessage ? Number(fromMessage[1]) : 0);
      const { line, column } = lineAndColumn(state, pos);
      const detail = (error as Error).message.replace(/\s*\(line \d+ column \d+\)$/, '').replace(/ in JSON at position \d+.*$/, '');
      problems.push({ message: `${label(name)}, line ${line}, column ${column}: ${detail}`, editor: name, pos });
      return undefined;
    }
  }

  /** The API's error body as problems: each validationError names its path in the definition or the sample data. */
  function problemsOf(error: ApiErrorBody): Problem[] {
    const messages = error.validationErrors ?? [error.details ? `${error.error}: ${error.details}` : (error.error ?? 'The preview failed')];
    return messages.map((message): Problem => {
      const path = pathInMessage(message);
      // Data checked at preview time (no sample data given): its paths are inside the sample data.
      if (error.code === 'INVALID_DATA') return { message: `Sample data: ${message}`, editor: 'sampleData', path: path ?? [] };
      switch (path?.[0]) {
        case 'sampleData':
        case 'data':
          return { message, editor: 'sampleData', path: path.slice(1) };
        case 'options':
          return { message, editor: 'definition', path: ['defaultOptions', ...path.slice(1)] };
        case 'schema':
        case 'layout':
        case 'defaultOptions':
          return { message, editor: 'definition', path };
        default:
          return { message };
      }
    });
  }

  function showProblems(problems: Problem[], title?: string): void {
    shown = problems;
    errorsList.replaceChildren(
      ...problems.map((problem, index) => {
        const item = document.createElement('li');
        if (problem.editor) {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'error-link';
          button.dataset.problem = String(index);
          if (problem.path) button.dataset.path = problem.path.join('.');
          button.textContent = problem.message;
          button.title = `Show in the ${label(problem.editor).toLowerCase()}`;
          item.append(button);
        } else {
          item.textContent = problem.message;
        }
        return item;
      }),
    );
    errorsEl.hidden = problems.length === 0;
    for (const name of ['definition', 'sampleData'] as const) views[name].dispatch(setDiagnostics(views[name].state, diagnosticsFor(name, problems)));
    must<HTMLElement>(errorsEl, '.errors-title').textContent =
      problems.length === 0 ? '' : `${title ?? 'Problems'}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix`;
    previewPane.classList.toggle('is-stale', problems.length > 0 && hasPreview);
    if (problems.length > 0) {
      setStatus(hasPreview ? 'Preview out of date: fix the problems listed to update it' : 'No preview yet: fix the problems listed', 'error');
    }
  }

  /** The problems of one editor as inline marks at their paths (the list stays the full account). */
  function diagnosticsFor(name: EditorName, problems: Problem[]): Diagnostic[] {
    const state = views[name].state;
    return problems
      .filter((problem) => problem.editor === name)
      .map((problem) => {
        const span = problem.path ? locatePath(state, problem.path) : null;
        const from = Math.min(span?.from ?? problem.pos ?? 0, state.doc.length);
        const to = Math.min(Math.max(span?.to ?? from, from), state.doc.length);
        return { from, to, severity: 'error', message: problem.message };
      });
  }

  function reveal(problem: Problem): void {
    if (!problem.editor) return;
    const view = views[problem.editor];
    let from = problem.pos ?? 0;
    let to = from;
    if (problem.path) {
      const span = locatePath(view.state, problem.path);
      if (span) ({ from, to } = span);
    }
    view.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
    view.focus();
  }

  function setSaveEnabled(enabled: boolean): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[type=submit][form="template-form"], #template-form button[type=submit]')) {
      button.disabled = !enabled;
      button.title = enabled ? '' : 'Fix the JSON syntax error first';
    }
  }

  function setBusy(busy: boolean): void {
    previewPane.setAttribute('aria-busy', String(busy));
    if (busy && shown.length === 0) setStatus(hasPreview ? 'Updating preview…' : 'Rendering preview…', 'busy');
  }

  function setStatus(text: string, state: 'ok' | 'busy' | 'error'): void {
    statusEl.textContent = text;
    statusEl.dataset.state = state;
  }

  // Delete: the layout's confirm dialog (app.js) before the hidden form is sent; without
  // JavaScript the link opens a confirmation page instead.
  const deleteForm = document.getElementById('delete-form') as HTMLFormElement | null;
  root.querySelector('[data-delete-template]')?.addEventListener('click', (event) => {
    if (!deleteForm) return;
    event.preventDefault();
    deleteForm.requestSubmit();
  });

  void refresh();
}

/**
 * CodeMirror injects its styles at run time. Into a document it would add <style> elements, which
 * the dashboard's CSP (style-src 'self', no nonce) refuses; into a shadow root it adopts
 * constructed style sheets, which the CSP allows. So each editor lives in a shadow root of its host.
 */
const THEME = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff', color: '#111827' },
  '.cm-scroller': {
    fontFamily: "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace",
    lineHeight: '1.55',
  },
  '.cm-gutters': { backgroundColor: '#f3f4f6', color: '#4b5563', borderRight: '1px solid #e4e7ec' },
  '.cm-activeLineGutter': { backgroundColor: '#e8edf7', color: '#111827' },
  '.cm-activeLine': { backgroundColor: '#f5f8ff' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#cfe0ff' },
  '.cm-content': { caretColor: '#111827', padding: '8px 0' },
  '.cm-diagnostic-error': { borderLeftColor: '#c81e1e' },
  '.cm-tooltip': { fontFamily: 'ui-sans-serif, system-ui, sans-serif', fontSize: '13px' },
});

function mount(textarea: HTMLTextAreaElement, readOnly: boolean, completion: Extension[], changed: () => void, save: () => boolean): EditorView {
  const name = textarea.labels?.[0]?.textContent?.trim() || textarea.name;
  const extensions: Extension[] = [
    Prec.high(keymap.of([{ key: 'Mod-s', run: save, preventDefault: true }])),
    // codemirror's basicSetup without rectangular selection; completion only where a schema says what may come.
    ...completion,
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
    json(),
    THEME,
    EditorView.lineWrapping,
    // A label across the shadow boundary cannot be referenced by id: the editor names itself.
    // tabindex: keyboard users reach (and scroll) even a read-only editor, and tools see it as focusable.
    EditorView.contentAttributes.of({ 'aria-label': `${name} (JSON)`, 'aria-multiline': 'true', tabindex: '0' }),
    EditorState.tabSize.of(2),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) changed();
    }),
  ];
  if (readOnly) extensions.push(EditorState.readOnly.of(true), EditorView.editable.of(false));
  const host = document.createElement('div');
  host.className = 'code-editor';
  host.dataset.editorFor = textarea.dataset.editor;
  textarea.after(host);
  textarea.hidden = true;
  const shadow = host.attachShadow({ mode: 'open' });
  return new EditorView({ root: shadow, parent: shadow, state: EditorState.create({ doc: textarea.value, extensions }) });
}

/** The layout's confirm dialog (as app.js uses it for forms), asking before unsaved work is left. */
function confirmLeave(leave: () => void): void {
  const dialog = document.getElementById('confirm-dialog');
  if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') {
    if (window.confirm('Leave this page? Your changes are not saved.')) leave();
    return;
  }
  const message = dialog.querySelector('[data-confirm-message]');
  const accept = dialog.querySelector<HTMLButtonElement>('[data-confirm-accept]');
  if (message) message.textContent = 'Leave this page? Your changes to this template are not saved.';
  if (accept) accept.textContent = 'Leave without saving';
  dialog.returnValue = '';
  dialog.addEventListener('close', () => dialog.returnValue === 'confirm' && leave(), { once: true });
  dialog.showModal();
}

function label(name: EditorName): string {
  return name === 'definition' ? 'Definition' : 'Sample data';
}

function must<T extends Element>(scope: ParentNode, selector: string): T {
  const element = scope.querySelector<T>(selector);
  if (!element) throw new Error(`template editor: ${selector} is missing`);
  return element;
}

const editorRoot = document.getElementById('template-editor');
if (editorRoot) start(editorRoot);
