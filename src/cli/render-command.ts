import { readFile, writeFile } from 'node:fs/promises';
import { BUILT_IN_TEMPLATES, renderDocument } from '../engine';
import { ApiError } from '../common/errors/api-error';
import { GenerateRequestParser } from '../generation/request/generate-request.parser';
import { TemplatesService } from '../templates/templates.service';
import type { WebhookUrlPolicy } from '../webhooks/webhook-url-policy';
import { CliError } from './cli-error';

/** The CLI renders every built-in template, and has no webhooks: the parser never asks for a URL check. */
const LOCAL_CALLER = { enabledTemplates: BUILT_IN_TEMPLATES.map((t) => t.id), webhooks: false };
const NO_WEBHOOKS = { check: () => Promise.reject(new Error('the CLI sends no webhooks')) } as unknown as WebhookUrlPolicy;

/** `pdfgen render <templateId> <data.json> -o out.pdf [--options options.json]`: the API's parser and renderer, in-process. */
export async function renderCommand(templateId: string, dataFile: string, outFile: string, optionsFile?: string): Promise<string> {
  const data = await readJson(dataFile);
  const options = optionsFile ? await readJson(optionsFile) : undefined;
  const parser = new GenerateRequestParser(new TemplatesService(), NO_WEBHOOKS);
  const command = await parser.parse({ templateId, data, options }, LOCAL_CALLER).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'TEMPLATE_NOT_FOUND') {
      throw new CliError(`Template '${templateId}' not found (available: ${LOCAL_CALLER.enabledTemplates.join(', ')})`);
    }
    throw error;
  });
  const pdf = await renderDocument(command);
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
