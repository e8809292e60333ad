/**
 * The one script of every dashboard page: small enhancements of pages that work without it.
 * - `<button data-copy="#id">` copies the text (or value) of the element `#id`; hidden until this runs.
 * - `<form data-confirm="Revoke this key?" data-confirm-label="Revoke">` asks in the layout's
 *   <dialog id="confirm-dialog"> before it is sent.
 * - While a form is being sent its submit buttons are disabled and read "Working…".
 * - `<input type="file" data-base64-into="#id">` puts the chosen file, in base64, into the field
 *   `#id` (the signing certificate: dashboard forms are urlencoded; without this, it is pasted).
 * - A page that comes back with a form's errors puts the focus on the first invalid field (or the
 *   form's error summary).
 * - `<section id="x" data-refresh-while-pending>` (deliveries under way) is fetched again every
 *   few seconds and swapped in, until the fresh one no longer carries the attribute.
 */

const WORKING = 'Working…';

function enableCopyButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', () => void copy(button));
  }
}

async function copy(button: HTMLButtonElement): Promise<void> {
  const target = document.querySelector<HTMLElement>(button.dataset.copy ?? '');
  if (!target) return;
  const text = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value : (target.textContent ?? '').trim();
  const label = button.dataset.label ?? button.textContent ?? 'Copy';
  button.dataset.label = label;
  try {
    await navigator.clipboard.writeText(text);
    announce(button, 'Copied');
  } catch {
    // No clipboard permission (an insecure origin): select the text so that Ctrl+C works.
    selectText(target);
    announce(button, 'Press Ctrl+C to copy');
  }
  window.setTimeout(() => {
    button.textContent = label;
    button.classList.remove('is-done');
  }, 2000);
}

function announce(button: HTMLButtonElement, message: string): void {
  button.textContent = message;
  button.classList.add('is-done');
  const status = document.getElementById('live-status');
  if (status) status.textContent = message;
}

function selectText(target: HTMLElement): void {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    target.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(target);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Forms whose sending was confirmed in the dialog: their next submit event goes through. */
const confirmed = new WeakSet<HTMLFormElement>();

function confirmBeforeSubmit(form: HTMLFormElement, submitter: HTMLElement | null, event: SubmitEvent): boolean {
  const dialog = document.getElementById('confirm-dialog');
  if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') {
    return window.confirm(form.dataset.confirm ?? 'Are you sure?');
  }
  event.preventDefault();
  const message = dialog.querySelector('[data-confirm-message]');
  const accept = dialog.querySelector<HTMLButtonElement>('[data-confirm-accept]');
  if (message) message.textContent = form.dataset.confirm ?? 'Are you sure?';
  if (accept) accept.textContent = form.dataset.confirmLabel ?? 'Confirm';
  dialog.returnValue = '';
  dialog.addEventListener(
    'close',
    () => {
      if (dialog.returnValue !== 'confirm') {
        (submitter ?? form.querySelector<HTMLElement>('button, [type=submit]'))?.focus();
        return;
      }
      confirmed.add(form);
      form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
    },
    { once: true },
  );
  dialog.showModal();
  return false;
}

function showWorking(form: HTMLFormElement): void {
  // After this event: a disabled submitter would otherwise be left out of the form's data.
  window.setTimeout(() => {
    for (const button of form.querySelectorAll<HTMLButtonElement>('button[type=submit], button:not([type])')) {
      button.dataset.label = button.textContent ?? '';
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = WORKING;
    }
  }, 0);
}

function restoreButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[aria-busy=true]')) {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    if (button.dataset.label !== undefined) button.textContent = button.dataset.label;
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  // The confirm dialog's own form (method="dialog") only closes it: its buttons must stay usable.
  if (!(form instanceof HTMLFormElement) || form.method === 'dialog') return;
  if (form.dataset.confirm !== undefined && !confirmed.has(form)) {
    if (!confirmBeforeSubmit(form, event.submitter, event)) return;
  }
  // Asked here already: the server's own confirmation step (for pages without JavaScript) is skipped.
  const mark = form.querySelector<HTMLInputElement>('input[data-confirmed]');
  if (mark && form.dataset.confirm !== undefined) mark.value = 'yes';
  confirmed.delete(form);
  if (!event.defaultPrevented && form.dataset.noWorking === undefined) showWorking(form);
});

document.addEventListener('click', (event) => {
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('[data-confirm-cancel]')) {
    (target.closest('dialog') as HTMLDialogElement | null)?.close('cancel');
  }
});

function enableBase64Files(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type=file][data-base64-into]')) {
    input.addEventListener('change', () => void readInto(input));
  }
}

async function readInto(input: HTMLInputElement): Promise<void> {
  const target = document.querySelector<HTMLTextAreaElement | HTMLInputElement>(input.dataset.base64Into ?? '');
  const file = input.files?.[0];
  if (!target || !file) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  target.value = btoa(binary);
}

const REFRESH_MS = 2000;

function refreshWhilePending(): void {
  const section = document.querySelector<HTMLElement>('[data-refresh-while-pending][id]');
  if (!section) return;
  window.setTimeout(() => void refreshSection(section), REFRESH_MS);
}

async function refreshSection(section: HTMLElement): Promise<void> {
  try {
    const res = await fetch(location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    const fresh = res.ok ? new DOMParser().parseFromString(await res.text(), 'text/html').getElementById(section.id) : null;
    // Someone working inside the section (a focused button, an open attempt list) keeps it as it is for now.
    if (fresh && !section.contains(document.activeElement) && !section.querySelector('details[open]')) {
      section.replaceWith(fresh);
      enableCopyButtons(fresh);
      if (!fresh.hasAttribute('data-refresh-while-pending')) {
        const status = document.getElementById('live-status');
        if (status) status.textContent = 'Deliveries updated';
        return;
      }
    }
  } catch {
    // Offline for a moment: the next round tries again.
  }
  refreshWhilePending();
}

/**
 * After a refused form, the keyboard starts at what to fix, not at the top of the page: the first
 * invalid field, or a form's error summary (`.alert-error[tabindex="-1"]`) where no field is marked.
 */
function focusFirstInvalid(): void {
  if (document.querySelector('[autofocus]:not(dialog [autofocus])')) return;
  document.querySelector<HTMLElement>('[aria-invalid="true"], .alert-error[tabindex="-1"]')?.focus();
}

// Back/forward cache: a page shown again must not keep its buttons disabled.
window.addEventListener('pageshow', restoreButtons);
enableCopyButtons(document);
enableBase64Files(document);
refreshWhilePending();
focusFirstInvalid();
