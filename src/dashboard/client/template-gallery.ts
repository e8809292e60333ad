/**
 * /dashboard/templates: draws the first page of each built-in template's sample (the preview
 * endpoint's PDF) with pdf.js when its card scrolls into view. Without JavaScript the cards keep
 * their "Open sample PDF" links.
 */
import { pdfJsLocation, renderPdf } from './lib/pdf-preview';

const thumbs = Array.from(document.querySelectorAll<HTMLElement>('[data-sample-pdf]'));

if (thumbs.length > 0) {
  const draw = async (thumb: HTMLElement): Promise<void> => {
    const status = (thumb.closest('.template-card') ?? thumb).querySelector<HTMLElement>('.thumb-status');
    const canvasHost = thumb.querySelector<HTMLElement>('.thumb-pages') ?? thumb;
    thumb.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(thumb.dataset.samplePdf!, { credentials: 'same-origin', headers: { Accept: 'application/pdf' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const rendered = await renderPdf(pdfJsLocation(thumb), new Uint8Array(await res.arrayBuffer()), canvasHost, {
        maxPages: 1,
        label: `${thumb.dataset.templateName ?? 'Sample'}: page`,
      });
      thumb.dataset.state = 'ready';
      if (status) status.textContent = `Sample: ${rendered.pages} ${rendered.pages === 1 ? 'page' : 'pages'}`;
    } catch (error) {
      thumb.dataset.state = 'error';
      if (status) status.textContent = `The sample preview could not be drawn (${(error as Error).message}): open the sample PDF instead.`;
    } finally {
      thumb.setAttribute('aria-busy', 'false');
    }
  };

  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          void draw(entry.target as HTMLElement);
        }
      },
      { rootMargin: '200px 0px' },
    );
    for (const thumb of thumbs) observer.observe(thumb);
  } else {
    for (const thumb of thumbs) void draw(thumb);
  }
}
