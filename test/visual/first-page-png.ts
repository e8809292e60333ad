import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { withPdfFile } from '../rendering/render-helpers';

/** Anti-aliasing differs a little between poppler builds; layout changes move far more. */
export const MAX_DIFF = 0.01;

/** First page as PNG at the given resolution, rendered by poppler. */
export function firstPagePng(pdf: Buffer, dpi: number): Buffer {
  return withPdfFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    return readFileSync(path.join(dir, 'page.png'));
  });
}
