import autocannon from 'autocannon';
import { generateOptions, LoadFormat } from './http-load';
import { rssBytes } from './service';
import type { RunningService } from './service';

export interface SoakResult {
  renders: number;
  format: LoadFormat;
  seconds: number;
  ok: number;
  non2xx: number;
  rssAt10: number;
  rssAt100: number;
  driftPercent: number;
  min: number;
  max: number;
}

/** `renders` generations over HTTP; RSS of the service read when 10% and 100% of them have answered. */
export async function runSoak(service: RunningService, renders: number, format: LoadFormat, log: (line: string) => void): Promise<SoakResult> {
  let answered = 0;
  let rssAt10 = NaN;
  let min = Infinity;
  let max = 0;
  const tenth = Math.max(1, Math.floor(renders / 10));
  const started = Date.now();
  const sample = () => {
    const rss = rssBytes(service.pid);
    min = Math.min(min, rss);
    max = Math.max(max, rss);
    return rss;
  };
  const timer = setInterval(sample, 500);
  // The callback form: @types/autocannon types the promise form as a bare Promise, without the events.
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon({ ...generateOptions(service, format), amount: renders }, (error, finished) => (error ? fail(error) : done(finished)));
    instance.on('response', () => {
      answered++;
      if (answered === tenth) rssAt10 = sample();
      if (answered % Math.max(1, Math.floor(renders / 5)) === 0) {
        log(`  soak ${answered}/${renders} after ${((Date.now() - started) / 1000).toFixed(0)} s, RSS ${(rssBytes(service.pid) / 1048576).toFixed(1)} MB`);
      }
    });
  });
  clearInterval(timer);
  const rssAt100 = sample();
  return {
    renders,
    format,
    seconds: result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    rssAt10,
    rssAt100,
    driftPercent: ((rssAt100 - rssAt10) / rssAt10) * 100,
    min,
    max,
  };
}
