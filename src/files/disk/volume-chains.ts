import { open } from 'node:fs/promises';
import { HEADER_BYTES, readHeaderFields } from './volume-record';

/**
 * Which offsets of a volume really start a record: the first record starts at 0 and each one ends
 * where the next begins, so walking the headers from the start finds every real record and never
 * lands inside a body, whatever the body holds. Walked lazily, on the first legacy id of a volume,
 * and resumed where it stopped (a volume may still grow, or end in a record being written).
 */
export class VolumeChains {
  private readonly chains = new Map<string, Chain>();

  constructor(private readonly pathOf: (volume: string) => string) {}

  async startsRecord(volume: string, offset: number): Promise<boolean> {
    let chain = this.chains.get(volume);
    if (!chain) this.chains.set(volume, (chain = { starts: new Set(), next: 0, walked: Promise.resolve() }));
    if (offset >= chain.next) await this.walkPast(volume, chain, offset);
    return chain.starts.has(offset);
  }

  /** One walk at a time per volume: a later caller waits for it, then walks on from where it stopped. */
  private walkPast(volume: string, chain: Chain, offset: number): Promise<void> {
    const step = chain.walked.then(() => (offset >= chain.next ? this.walk(volume, chain, offset) : undefined));
    chain.walked = step.catch(() => undefined);
    return step;
  }

  /** Reads headers from where the last walk stopped until past `offset`, the end of the file or a gap. */
  private async walk(volume: string, chain: Chain, offset: number): Promise<void> {
    let handle;
    try {
      handle = await open(this.pathOf(volume), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      const header = Buffer.alloc(HEADER_BYTES);
      while (chain.next <= offset) {
        const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, chain.next);
        const fields = bytesRead === HEADER_BYTES ? readHeaderFields(header) : null;
        if (!fields) return;
        chain.starts.add(chain.next);
        chain.next += HEADER_BYTES + fields.length;
      }
    } finally {
      await handle.close();
    }
  }
}

interface Chain {
  starts: Set<number>;
  /** Where the next header is expected. */
  next: number;
  walked: Promise<void>;
}
