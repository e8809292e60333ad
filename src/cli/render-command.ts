import { readFile, writeFile } from 'node:fs/promises';
import { renderDocument } from '../engine/render-document';
import { checkOptionImages } from '../engine/header-footer/images/check-template-images';
import { resolveOptions } from '../engine/page/resolve-options';
import { findTemplate, TEMPLATE_CATALOG } from '../engine/templates/built-in-templates';
import { validateTemplateData } from '../templates/validation/data-validator';
import { CliError } from './cli-error';

/** `pdfgen render <templateId> <data.json> -o out.pdf [--options options.json]`: the same checks and renderer as the API, in-process. */
export async function renderCommand(templateId: string, dataFile: string, outFile: string, optionsFile?: string): Promise<string> {
  const template = findTemplate(templateId);
  if (!template) throw new CliError(`Template '${templateId}' not found (available: ${TEMPLATE_CATALOG.map((t) => t.id).join(', ')})`);
  const data = await readJson(dataFile);
  const rawOptions = optionsFile ? await readJson(optionsFile) : undefined;
  const orientation = template.honoursDataOrientation && (data.orientation === 'portrait' || data.orientation === 'landscape') ? data.orientation : undefined;
  const { options, errors } = resolveOptions(rawOptions, template.defaultOptions, orientation);
  if (!options) throw new CliError('Invalid request', errors);
  const imageErrors = await checkOptionImages(options);
  if (imageErrors.length > 0) throw new CliError('Invalid request', imageErrors);
  const dataErrors = validateTemplateData(template.id, data);
  if (dataErrors.length > 0) throw new CliError('Invalid data for template', dataErrors);
  const pdf = await renderDocument({ templateId: template.id, data, options });
  await writeFile(outFile, pdf);
  return `${outFile}: ${pdf.byteLength} bytes`;
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`Cannot read ${file}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CliError(`${file} must hold a JSON object`);
  return value as Record<string, unknown>;
}
