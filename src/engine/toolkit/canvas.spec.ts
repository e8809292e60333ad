import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { testCanvas } from '../../../test/support/test-canvas';
import { textStyle } from './text-style';

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'canvas-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Canvas.text', () => {
  const style = textStyle(10, '#000000');
  const text = 'Northwind Post Production Holdings Ltd.';

  it('compresses text wider than its box horizontally (Tz) and never cuts it', async () => {
    const { canvas, finish } = await testCanvas();
    const natural = canvas.measure(text, style);
    const drawn = canvas.text(text, 10, 10, style, natural * 0.8, 'right');
    expect(drawn).toBeCloseTo(natural * 0.8, 5);
    expect(canvas.textBoxes[0]).toMatchObject({ text, x: 10, width: drawn });
    const pdf = await finish();
    expect(pdf.toString('latin1')).toMatch(/ 80 Tz .* T[jJ] 100 Tz ET/);
    expect(pdfText(pdf)).toContain(text);
    expect(pdfText(pdf)).not.toContain('…');
  });

  it('draws text that fits at its natural width, without Tz', async () => {
    const { canvas, finish } = await testCanvas();
    const natural = canvas.measure(text, style);
    expect(canvas.text(text, 10, 10, style, natural + 5)).toBeCloseTo(natural, 5);
    expect((await finish()).toString('latin1')).not.toContain('Tz');
  });
});
