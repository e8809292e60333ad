import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
/** The README and the guides under docs/: the pages a reader follows links between. */
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(markdown.replace(/`([^`\n]*)`/g, '$1')).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    found.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return found;
}

/** Every relative link and image target of a page: `[text](target)`, `![alt](target)`, `src="target"`, `href="target"`. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  const all = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  return all.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('/'));
}

describe('links in the README and docs/', () => {
  it('finds the pages and their links (the check below is not empty)', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/operating.md', 'docs/webhooks.md']));
    expect(targets(readFileSync(join(ROOT, 'docs/dashboard.md'), 'utf8'))).toContain('dashboard/overview.png');
  });

  it('knows a broken link from a good one', () => {
    expect(anchors('# The API\n## Fair sharing between workspaces (DECISIONS section 13)\n## `lang` and scripts\n## Errors\n## Errors\n')).toEqual(
      new Set(['the-api', 'fair-sharing-between-workspaces-decisions-section-13', 'lang-and-scripts', 'errors', 'errors-1']),
    );
    expect(targets('[a](x.md#y) ![b](img/c.png) `[not](code.md)` <img src="d.png"> [e](https://example.com)')).toEqual(['x.md#y', 'img/c.png', 'd.png']);
  });

  it.each(PAGES)('%s: every relative link and image points at a file that exists, and at a heading that exists', (page) => {
    const source = readFileSync(join(ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const target of targets(source)) {
      const [path, anchor] = target.split('#', 2);
      const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
      if (!existsSync(file)) {
        broken.push(`${target}: no file ${relative(ROOT, file)}`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && statSync(file).isFile() && !anchors(readFileSync(file, 'utf8')).has(anchor)) {
        broken.push(`${target}: no heading #${anchor} in ${relative(ROOT, file)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
