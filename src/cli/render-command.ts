import { writeFile } from 'node:fs/promises';
import { BUILT_IN_TEMPLATES, renderDocument } from '../engine';
import { ApiError } from '../common/errors/api-error';
import { GenerateRequestParser } from '../generation/request/generate-request.parser';
import type { SigningCertificates } from '../signatures/signing-certificates.service';
import type { CustomTemplateCatalog } from '../templates/custom/custom-template-catalog';
import type { WebhookUrlPolicy } from '../webhooks/webhook-url-policy';
import { CliError } from './cli-error';
import { readJsonObject } from './read-json';

/** The CLI renders every built-in template, has no workspace of custom templates, and no webhooks: the parser never asks for a URL check. */
const LOCAL_CALLER = { workspaceId: 'local', enabledTemplates: BUILT_IN_TEMPLATES.map((t) => t.id), webhooks: false };
const NO_CUSTOM_TEMPLATES = { resolve: async () => null, ids: async () => [] } as unknown as CustomTemplateCatalog;
const NO_WEBHOOKS = { check: () => Promise.reject(new Error('the CLI sends no webhooks')) } as unknown as WebhookUrlPolicy;
/** Nor a workspace's certificate: options.signature is refused as for a workspace without one. */
const NO_CERTIFICATE = { check: () => Promise.reject(new ApiError('NO_SIGNING_CERTIFICATE')) } as unknown as SigningCertificates;

/** `pdfgen render <templateId> <data.json> -o out.pdf [--options options.json]`: the API's parser and renderer, in-process. */
export async function renderCommand(templateId: string, dataFile: string, outFile: string, optionsFile?: string): Promise<string> {
  const data = await readJsonObject(dataFile);
  const options = optionsFile ? await readJsonObject(optionsFile) : undefined;
  const parser = new GenerateRequestParser(NO_CUSTOM_TEMPLATES, NO_WEBHOOKS, NO_CERTIFICATE);
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
