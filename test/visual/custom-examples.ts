import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RenderedDocument, renderDocumentWithLayout } from '../../src/engine/render-document';
import { resolveOptions } from '../../src/engine/page/resolve-options';
import type { DefaultPdfOptions, PdfOptionsInput } from '../../src/engine/page/pdf-options';

/** The custom template examples: each file is a complete `POST /api/v1/templates` body. */
export const CUSTOM_EXAMPLES_DIR = path.resolve(__dirname, '../../examples/custom');

/** A `POST /api/v1/templates` body, as the examples write it (every field given). */
export interface TemplateBody {
  id: string;
  name: string;
  description: string;
  category: string;
  schema: Record<string, unknown>;
  layout: unknown;
  defaultOptions?: PdfOptionsInput;
  sampleData: Record<string, unknown>;
}

export interface CustomExample {
  /** File name without `.json`; the four re-creations are named after their built-in. */
  file: string;
  body: TemplateBody;
}

/** What a definition without defaultOptions gets (DECISIONS 9): Letter, portrait, 0.75in. */
const CUSTOM_DEFAULTS: DefaultPdfOptions = {
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
};

export const CUSTOM_EXAMPLES: CustomExample[] = readdirSync(CUSTOM_EXAMPLES_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ file: name.slice(0, -'.json'.length), body: JSON.parse(readFileSync(path.join(CUSTOM_EXAMPLES_DIR, name), 'utf8')) as TemplateBody }));

export function customExample(file: string): CustomExample {
  const example = CUSTOM_EXAMPLES.find((candidate) => candidate.file === file);
  if (!example) throw new Error(`examples/custom/${file}.json does not exist`);
  return example;
}

/** Renders an example as a generate without options would: its own defaults, no options header/footer. */
export function renderExample({ file, body }: CustomExample, data: Record<string, unknown> = body.sampleData): Promise<RenderedDocument> {
  return renderDocumentWithLayout({
    templateId: body.id,
    data,
    options: resolveOptions(body.defaultOptions ?? {}, CUSTOM_DEFAULTS),
    custom: { key: `example:${file}`, title: body.name, layout: body.layout },
  });
}
