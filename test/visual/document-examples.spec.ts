import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { render, TEMPLATE_IDS } from '../../src/engine';
import { validateTemplateData } from '../../src/templates/validation/data-validator';
import { expectedValues } from '../rendering/expected-values';
import { poppler, squash } from '../rendering/render-helpers';
import { firstPagePng, MAX_DIFF } from './first-page-png';
import { decodePng, diffRatio } from './png';

const EXAMPLES = path.resolve(__dirname, '../../examples');
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

/** examples/<template>.<variant>.json: data for a built-in template, shown in the README beside its first page. */
const VARIANTS = readdirSync(EXAMPLES)
  .map((file) => /^([a-z-]+)\.([a-z0-9-]+)\.json$/.exec(file))
  .filter((match): match is RegExpExecArray => match !== null && (TEMPLATE_IDS as readonly string[]).includes(match[1]))
  .map(([file, templateId, variant]) => ({ file, templateId, variant }));

describe.each(VARIANTS.map((example) => [example.file, example] as const))('examples/%s', (file, { templateId }) => {
  const data = JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as Record<string, unknown>;
  const png = path.join(EXAMPLES, file.replace(/\.json$/, '.png'));

  it('is valid data, printed whole with the template defaults, and pictured by its PNG', async () => {
    expect(validateTemplateData(templateId as (typeof TEMPLATE_IDS)[number], data)).toEqual([]);
    const pdf = await render(templateId, data);
    const text = squash(poppler('pdftotext', pdf));
    expect(expectedValues(templateId, data).filter((value) => !text.includes(squash(value)))).toEqual([]);
    const actual = firstPagePng(pdf, 80);
    if (UPDATE) writeFileSync(png, actual);
    expect(existsSync(png)).toBe(true);
    expect(diffRatio(decodePng(actual), decodePng(readFileSync(png)))).toBeLessThanOrEqual(MAX_DIFF);
  });
});

it('has at least the five examples of issue 16', () => {
  expect(VARIANTS.length).toBeGreaterThanOrEqual(5);
});
