import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { renderDocument } from '../../src/engine/render-document';
import { OPTIONS } from '../rendering/render-helpers';
import { firstPagePng, MAX_DIFF } from './first-page-png';
import { decodePng, diffRatio } from './png';
import { VISUAL_FIXTURES, VisualFixture } from './visual-fixtures';

const APPROVED = path.join(__dirname, 'approved');
const EXAMPLES = path.resolve(__dirname, '../../examples');
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

function render(fixture: VisualFixture): Promise<Buffer> {
  return renderDocument({ templateId: fixture.templateId, data: fixture.data, options: { ...OPTIONS, ...fixture.options } });
}

describe.each(VISUAL_FIXTURES.map((fixture) => [`${fixture.templateId} ${fixture.name}`, fixture] as const))('%s', (_label, fixture) => {
  it('looks like the approved image', async () => {
    const actual = firstPagePng(await render(fixture), 50);
    const file = path.join(APPROVED, `${fixture.templateId}.${fixture.name}.png`);
    if (UPDATE || (!existsSync(file) && !process.env.CI)) {
      mkdirSync(APPROVED, { recursive: true });
      writeFileSync(file, actual);
      return;
    }
    expect(diffRatio(decodePng(actual), decodePng(readFileSync(file)))).toBeLessThanOrEqual(MAX_DIFF);
  });
});

describe('examples/', () => {
  it.each(VISUAL_FIXTURES.filter((fixture) => fixture.name === 'sample').map((fixture) => [fixture.templateId, fixture] as const))(
    '%s holds the sample data and the picture of its first page',
    async (templateId, fixture) => {
      const json = path.join(EXAMPLES, `${templateId}.json`);
      const png = path.join(EXAMPLES, `${templateId}.png`);
      if (UPDATE) {
        mkdirSync(EXAMPLES, { recursive: true });
        writeFileSync(json, `${JSON.stringify(fixture.data, null, 2)}\n`);
        writeFileSync(png, firstPagePng(await render(fixture), 80));
      }
      expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(fixture.data);
      expect(existsSync(png)).toBe(true);
    },
  );
});
