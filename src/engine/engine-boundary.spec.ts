import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The engine is a library: it must run from a plain Node script, a worker thread or the CLI, so
 * it may not reach into the NestJS app around it. Scans every import of every source file.
 */
const ENGINE = __dirname;
const SRC = resolve(ENGINE, '..');
/** Packages the engine draws and reads with; anything else is a decision to make here, on purpose. */
const ALLOWED_PACKAGES = ['pdfkit', 'fontkit', 'htmlparser2', 'json-schema-to-ts', 'liquidjs', 'qrcode-generator', 'bidi-js'];
const FORBIDDEN = [/^@nestjs\//, /^typeorm$/, /^express$/, /^src\/config(\/|$)/, /^src\/common\/errors(\/|$)/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]/g)];
  return specifiers.map((m) => m[1] ?? m[2] ?? m[3]);
}

/** An import as the rule reads it: `src/...` for a project file, the package name otherwise. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return `src/${relative(SRC, resolve(dirname(file), specifier))}`;
}

describe('the engine boundary', () => {
  const files = sourceFiles(ENGINE);
  const imports = files.flatMap((file) => importsOf(file).map((specifier) => ({ file: relative(SRC, file), to: target(file, specifier) })));

  it('finds the engine sources and their imports', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(imports).toContainEqual({ file: 'engine/pdfkit.ts', to: 'pdfkit' });
  });

  it('imports nothing from NestJS, TypeORM, Express, the app config or the API errors', () => {
    expect(imports.filter(({ to }) => FORBIDDEN.some((rule) => rule.test(to)))).toEqual([]);
  });

  it('imports only its own files, Node built-ins and the packages it draws with', () => {
    const outside = imports.filter(({ to }) => !to.startsWith('src/engine/') && !to.startsWith('node:') && !ALLOWED_PACKAGES.includes(to));
    expect(outside).toEqual([]);
  });

  it('tells an import that leaves the engine from one that stays (the scan itself)', () => {
    expect(target(join(ENGINE, 'toolkit/table.ts'), '../../config/app-config')).toBe('src/config/app-config');
    expect(FORBIDDEN.some((rule) => rule.test(target(join(ENGINE, 'a.ts'), '../common/errors/api-error')))).toBe(true);
    expect(importsOf(join(ENGINE, 'index.ts'))).toContain('./render-document');
  });
});
