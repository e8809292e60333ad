import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { TEMPLATE_ID_PATTERN } from '../templates/custom/definition/template-definition.schema';
import { readJsonObject } from './read-json';
import { failureOf, ServiceClient } from './service-client';

const TEMPLATE_ID = new RegExp(TEMPLATE_ID_PATTERN);

/** What the API answers for a template (DECISIONS section 9); only the fields the commands print. */
interface TemplateSummary {
  id: string;
  name: string;
  version: string;
  custom?: boolean;
}

/**
 * `pdfgen template push <file.json> [--id ID]`: creates the template, or adds a version when it
 * exists. The file holds the create body: { id?, name, description?, category?, schema, layout,
 * defaultOptions?, sampleData? }; --id wins over the file's id.
 */
export async function templatePush(client: ServiceClient, file: string, idFlag?: string): Promise<string> {
  client.requireKey();
  const { id: fileId, ...definition } = await readJsonObject(file);
  // A file's id of the wrong type goes to the API as it is, which names the problem.
  const id = idFlag ?? fileId;
  const created = await client.send('POST', '/api/v1/templates', id === undefined ? definition : { id, ...definition });
  if (created.ok) return pushed((await created.json()) as TemplateSummary, 'created');
  if (created.status !== 409 || typeof id !== 'string') throw await failureOf(created);
  const updated = await client.json<TemplateSummary>('PUT', `/api/v1/templates/${encodeURIComponent(id)}`, definition);
  return pushed(updated, 'new version');
}

/** `pdfgen template list`: the built-ins, and with a key the workspace's own templates. */
export async function templateList(client: ServiceClient): Promise<string> {
  const { templates } = await client.json<{ templates: TemplateSummary[] }>('GET', '/api/v1/templates');
  const rows = [['ID', 'VERSION', 'KIND', 'NAME'], ...templates.map((t) => [t.id, t.version, t.custom ? 'custom' : 'built-in', t.name])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ')).join('\n');
}

/**
 * `pdfgen template preview <file.json | template-id> [--data data.json] [--out file.pdf]`: a file is
 * previewed as it stands (its layout, schema, sampleData and defaultOptions), not pushed; an id
 * previews the stored template. Writes the watermarked PDF.
 */
export async function templatePreview(client: ServiceClient, target: string, dataFile?: string, outFile?: string): Promise<string> {
  client.requireKey();
  const data = dataFile === undefined ? undefined : await readJsonObject(dataFile);
  let body: Record<string, unknown>;
  let name: string;
  if (isFile(target)) {
    const definition = await readJsonObject(target);
    body = { layout: definition.layout, schema: definition.schema, data: data ?? definition.sampleData, options: definition.defaultOptions };
    name = basename(target).replace(/\.json$/i, '');
  } else {
    body = { templateId: target, data };
    name = target;
  }
  const response = await client.send('POST', '/api/v1/templates/preview', body);
  if (!response.ok) throw await failureOf(response);
  const pdf = Buffer.from(await response.arrayBuffer());
  const out = outFile ?? `${name}-preview.pdf`;
  await writeFile(out, pdf);
  return `${out}: ${pdf.byteLength} bytes`;
}

function pushed(template: TemplateSummary, what: string): string {
  return `${template.id} ${template.version} (${what})`;
}

/** Template ids have neither dots nor slashes (DECISIONS section 9): anything else, or an existing file, is a definition file. */
function isFile(target: string): boolean {
  return !TEMPLATE_ID.test(target) || statSync(target, { throwIfNoEntry: false })?.isFile() === true;
}
