import { execFileSync, spawnSync } from 'node:child_process';

/**
 * A PDF's objects as qpdf reads them (`qpdf --json=2`, qpdf 11): an independent parser of the
 * file, not PDFKit's idea of what it wrote. Values keep qpdf's JSON encoding: names `/Name`,
 * strings `u:text` (or `b:hex`), references `12 0 R`, numbers, booleans, arrays and objects.
 */
export type PdfValue = string | number | boolean | null | PdfValue[] | { [key: string]: PdfValue };
export type PdfDict = { [key: string]: PdfValue };

export interface PdfStream {
  dict: PdfDict;
  /** The stream's data, decoded (Flate) where qpdf can; raw otherwise (e.g. DCT images). */
  data: Buffer;
}

export class PdfObjects {
  readonly pdfVersion: string;
  readonly trailer: PdfDict;
  /** Each stream's dictionary as written in the file (its /Filter included). */
  private readonly rawDicts: Record<string, PdfDict> = {};
  private readonly objects: Record<string, { value?: PdfValue; stream?: { dict: PdfDict; data?: string } }>;

  constructor(file: string) {
    const decoded = qpdfJson(file, ['--decode-level=generalized', '--json-stream-data=inline']);
    this.pdfVersion = decoded.qpdf[0].pdfversion;
    this.objects = decoded.qpdf[1];
    this.trailer = (this.objects.trailer.value ?? {}) as PdfDict;
    const raw = qpdfJson(file, ['--decode-level=none', '--json-stream-data=none']).qpdf[1] as Record<string, { stream?: { dict: PdfDict } }>;
    for (const [key, entry] of Object.entries(raw)) if (entry.stream) this.rawDicts[key] = entry.stream.dict;
  }

  get root(): PdfDict {
    return this.dict(this.trailer['/Root']);
  }

  /** Follows a reference (any number of times) to its value; a direct value is returned as it is. */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    let current = value;
    for (let hops = 0; typeof current === 'string' && /^\d+ \d+ R$/.test(current) && hops < 32; hops++) {
      const entry = this.objects[`obj:${current}`];
      if (!entry) return undefined;
      current = entry.stream ? (entry.stream.dict as PdfValue) : entry.value;
    }
    return current;
  }

  dict(value: PdfValue | undefined): PdfDict {
    const resolved = this.resolve(value);
    return resolved && typeof resolved === 'object' && !Array.isArray(resolved) ? resolved : {};
  }

  array(value: PdfValue | undefined): PdfValue[] {
    const resolved = this.resolve(value);
    return Array.isArray(resolved) ? resolved : [];
  }

  /** The stream a reference names, or undefined when it names no stream. */
  stream(ref: PdfValue | undefined): PdfStream | undefined {
    if (typeof ref !== 'string') return undefined;
    const entry = this.objects[`obj:${ref}`];
    if (!entry?.stream) return undefined;
    return { dict: entry.stream.dict, data: Buffer.from(entry.stream.data ?? '', 'base64') };
  }

  /** The stream's dictionary as the file has it, before qpdf decoded anything. */
  rawStreamDict(ref: PdfValue | undefined): PdfDict | undefined {
    return typeof ref === 'string' ? this.rawDicts[`obj:${ref}`] : undefined;
  }

  /** Every object (streams by their dictionary), with its reference. */
  *entries(): Generator<[ref: string, value: PdfValue]> {
    for (const [key, entry] of Object.entries(this.objects)) {
      if (!key.startsWith('obj:')) continue;
      yield [key.slice(4), entry.stream ? (entry.stream.dict as PdfValue) : (entry.value as PdfValue)];
    }
  }

  /** Every dictionary (streams' included) anywhere in the file, nested ones too. */
  allDicts(): PdfDict[] {
    const found: PdfDict[] = [];
    const visit = (value: PdfValue | undefined) => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        found.push(value);
        Object.values(value).forEach(visit);
      }
    };
    for (const [, value] of this.entries()) visit(value);
    return found;
  }

  pages(): PdfDict[] {
    const out: PdfDict[] = [];
    const walk = (node: PdfDict) => {
      if (node['/Type'] === '/Page') out.push(node);
      else for (const kid of this.array(node['/Kids'])) walk(this.dict(kid));
    };
    walk(this.dict(this.root['/Pages']));
    return out;
  }
}

/** `u:text` (or `b:hex`) as a JavaScript string. */
export function pdfString(value: PdfValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return undefined;
}

function qpdfJson(file: string, options: string[]): { qpdf: [{ pdfversion: string }, Record<string, any>] } {
  return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', ...options, file], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8'));
}

/** `qpdf --check`: its exit status (0 = no problem, 3 = warnings) and what it printed. */
export function qpdfCheck(file: string): { status: number | null; output: string } {
  const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** `pdffonts` rows: each font's name, type and whether it is embedded. */
export function pdfFonts(file: string): Array<{ name: string; type: string; embedded: boolean }> {
  const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  return lines.map((line) => {
    const match = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
    if (!match) throw new Error(`pdffonts line not understood: ${line}`);
    return { name: match[1], type: match[2].trim(), embedded: match[4] === 'yes' };
  });
}
