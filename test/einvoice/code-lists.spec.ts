import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The code lists we check e-invoices against are the reference validator's own (scripts/einvoice-code-lists.js). */
describe('e-invoice code lists', () => {
  it('are generated from the code database of the Mustang validator that judges the files', () => {
    const generated = execFileSync(process.execPath, [resolve(__dirname, '../../scripts/einvoice-code-lists.js'), '-'], { encoding: 'utf8' });
    expect(readFileSync(resolve(__dirname, '../../src/engine/einvoice/code-lists.ts'), 'utf8')).toBe(generated);
  }, 300_000);
});
