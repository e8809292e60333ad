import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CUSTOM_EXAMPLES, CUSTOM_EXAMPLES_DIR, renderExample } from './custom-examples';
import { decodePng, diffRatio } from './png';
import { firstPagePng, MAX_DIFF } from './first-page-png';

const APPROVED = path.join(__dirname, 'approved');
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

describe.each(CUSTOM_EXAMPLES.map((example) => [example.file, example] as const))('examples/custom/%s.json', (file, example) => {
  it('looks like the approved image with its sample data', async () => {
    const pdf = (await renderExample(example)).pdf;
    const actual = firstPagePng(pdf, 50);
    const approved = path.join(APPROVED, `custom-${file}.png`);
    if (UPDATE || (!existsSync(approved) && !process.env.CI)) {
      mkdirSync(APPROVED, { recursive: true });
      writeFileSync(approved, actual);
      // The picture shown beside the definition in examples/custom and the README.
      writeFileSync(path.join(CUSTOM_EXAMPLES_DIR, `${file}.png`), firstPagePng(pdf, 60));
      return;
    }
    expect(diffRatio(decodePng(actual), decodePng(readFileSync(approved)))).toBeLessThanOrEqual(MAX_DIFF);
    expect(existsSync(path.join(CUSTOM_EXAMPLES_DIR, `${file}.png`))).toBe(true);
  });
});
