import { readFile } from 'node:fs/promises';
import { CliError } from './cli-error';

/** The JSON object a file holds, or a CliError that names the file and what is wrong with it. */
export async function readJsonObject(file: string): Promise<Record<string, unknown>> {
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
