import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { table } from './stats';

/**
 * Summarises a .cpuprofile (from `node --cpu-prof` or profile-render.ts): top functions by self
 * time, self time by package / source area, and inclusive time of the hottest functions.
 *   node bench/.build/bench/cpu-profile-summary.js <file.cpuprofile> [top=25]
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function area(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native/builtin)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node core';
  // The service runs from dist/; profile-render.js from bench/.build/ (src/ compiled beside bench/).
  const app = /\/(?:dist|bench\/\.build(?:\/src)?)\/(.+)\/[^/]+\.js$/.exec(url) ?? /\/src\/(.+)\/[^/]+\.ts$/.exec(url);
  return app ? `app: ${app[1]}` : url;
}

function key(frame: CallFrame): string {
  const file = frame.url ? `${basename(frame.url)}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'} ${file}`.trim();
}

export function summarizeProfile(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfByNode = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + dt);
    total += dt;
  });
  const self = new Map<string, { us: number; area: string }>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfByNode) {
    const frame = byId.get(id)!.callFrame;
    const k = key(frame);
    const a = area(frame.url, frame.functionName);
    self.set(k, { us: (self.get(k)?.us ?? 0) + us, area: a });
    areas.set(a, (areas.get(a) ?? 0) + us);
    // Inclusive: each function once per sample however deep it recurses.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      if (f.functionName === '(root)') continue;
      const fk = key(f);
      if (seen.has(fk)) continue;
      seen.add(fk);
      inclusive.set(fk, (inclusive.get(fk) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1)}%`;
  const msOf = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const out: string[] = [];
  out.push(`profile: ${(total / 1e6).toFixed(2)} s sampled, ${profile.samples.length} samples`);
  out.push('');
  out.push('Self time by area:');
  out.push(table(['area', 'self', '%'], [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([a, us]) => [a, msOf(us), pct(us)])));
  out.push('');
  out.push(`Top ${top} functions by self time:`);
  out.push(
    table(
      ['function', 'area', 'self', '%'],
      [...self]
        .sort((a, b) => b[1].us - a[1].us)
        .slice(0, top)
        .map(([k, v]) => [k, v.area, msOf(v.us), pct(v.us)]),
    ),
  );
  out.push('');
  out.push(`Top ${top} functions by inclusive time:`);
  out.push(
    table(
      ['function', 'inclusive', '%'],
      [...inclusive]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, us]) => [k, msOf(us), pct(us)]),
    ),
  );
  return out.join('\n');
}

if (require.main === module) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node bench/.build/bench/cpu-profile-summary.js <file.cpuprofile> [top]\n');
    process.exit(2);
  }
  process.stdout.write(summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top ?? 25)) + '\n');
}
