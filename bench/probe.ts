import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { summarize, Summary } from './stats';
import { rssBytes } from './service';

/**
 * GET /healthz every 100 ms from its own thread (so the load generator's event loop does not
 * inflate the numbers), each on a new connection as a kubelet probe would.
 */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const latencies = [];
let failures = 0;
let busy = false;
let stopped = false;
function probe() {
  if (busy || stopped) return;
  busy = true;
  const t0 = performance.now();
  const req = http.get(workerData.url, { agent: false, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === 200) latencies.push(performance.now() - t0); else failures++;
      busy = false;
    });
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => { failures++; busy = false; });
}
const timer = setInterval(probe, 100);
parentPort.on('message', () => {
  stopped = true;
  clearInterval(timer);
  const wait = setInterval(() => { if (!busy) { clearInterval(wait); parentPort.postMessage({ latencies, failures }); } }, 5);
});
`;

export interface ProbeResult {
  latency: Summary;
  failures: number;
}

export function startHealthProbe(baseUrl: string): { stop(): Promise<ProbeResult> } {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url: `${baseUrl}/healthz` } });
  return {
    stop: () =>
      new Promise((done, fail) => {
        worker.once('error', fail);
        worker.once('message', (m: { latencies: number[]; failures: number }) => {
          void worker.terminate();
          done({ latency: summarize(m.latencies), failures: m.failures });
        });
        worker.postMessage('stop');
      }),
  };
}

export interface RssResult {
  peak: number;
  last: number;
  samples: number;
}

/** Samples VmRSS of the service every `everyMs`. */
export function startRssSampler(pid: number, everyMs = 100): { stop(): RssResult } {
  let peak = 0;
  let last = NaN;
  let samples = 0;
  const sample = () => {
    last = rssBytes(pid);
    samples++;
    if (last > peak) peak = last;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { peak, last, samples };
    },
  };
}

export interface ThreadCpu {
  /** Share of one core over the window, in %. */
  mainThread: number;
  /** Every other thread (render workers, V8 GC helpers, libuv pool), busiest first. */
  otherThreads: number[];
  total: number;
}

/** utime + stime of every thread of a process, in clock ticks (USER_HZ = 100 on Linux). */
function taskTicks(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** CPU time of the service's threads between start() and stop(): is the main (HTTP) thread or the render pool the bottleneck? */
export function startCpuMeter(pid: number): { stop(): ThreadCpu } {
  const before = taskTicks(pid);
  const t0 = performance.now();
  return {
    stop: () => {
      const after = taskTicks(pid);
      const seconds = (performance.now() - t0) / 1000;
      const percent = (tid: number) => ((after.get(tid)! - (before.get(tid) ?? 0)) / 100 / seconds) * 100;
      const otherThreads = [...after.keys()]
        .filter((tid) => tid !== pid)
        .map(percent)
        .sort((a, b) => b - a);
      const mainThread = after.has(pid) ? percent(pid) : NaN;
      return { mainThread, otherThreads, total: mainThread + otherThreads.reduce((sum, x) => sum + x, 0) };
    },
  };
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((s, x) => s + x, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** Busy CPU of the whole machine between start() and stop(), in % of one core (so up to cores x 100). */
export function startMachineMeter(): { stop(): number } {
  const before = machineTicks();
  const t0 = performance.now();
  return {
    stop: () => {
      const after = machineTicks();
      return ((after.busy - before.busy) / 100 / ((performance.now() - t0) / 1000)) * 100;
    },
  };
}
