/**
 * The overview's chart of generations per day (uPlot), drawn into `#usage-chart` from the JSON
 * island `#usage-data` that the server rendered. Without JavaScript the page still has the same
 * numbers in its table; the chart is a picture of them (aria-hidden in the view).
 */
import uPlot from 'uplot';

interface DayActivity {
  date: string;
  live: number;
  test: number;
  failed: number;
}

interface UsageData {
  days: DayActivity[];
}

const COLOURS = { live: '#2563eb', test: '#93c5fd', failed: '#dc2626', grid: '#e5e7eb', axis: '#4b5563' };
const HEIGHT = 240;

function readData(): UsageData | null {
  const island = document.getElementById('usage-data');
  if (!island?.textContent) return null;
  try {
    return JSON.parse(island.textContent) as UsageData;
  } catch {
    return null;
  }
}

function draw(container: HTMLElement, data: UsageData): void {
  const days = data.days;
  // x in seconds (uPlot's unit), at noon UTC so a bar sits in the middle of its day.
  const x = days.map((d) => Date.parse(`${d.date}T12:00:00Z`) / 1000);
  const live = days.map((d) => d.live);
  const test = days.map((d) => d.test);
  const failed = days.map((d) => d.failed);
  // Stacked by hand: each series is drawn from 0 to its running total, the tallest first, so the
  // lower ones paint over it; the legend shows each series' own number.
  const liveTop = live;
  const testTop = days.map((_, i) => live[i] + test[i]);
  const failedTop = days.map((_, i) => live[i] + test[i] + failed[i]);
  const own = [failed, test, live];
  const monthTotal = own.map((values) => values.reduce((sum, n) => sum + n, 0));
  const bars = uPlot.paths.bars!({ size: [0.7, 28], align: 0 });
  const series = (label: string, colour: string, index: number): uPlot.Series => ({
    label,
    fill: colour,
    stroke: colour,
    width: 0,
    paths: bars,
    points: { show: false },
    // Under the cursor: that day's number; elsewhere: the month's.
    value: (_u, _v, _s, idx) => (idx === null || idx === undefined ? monthTotal[index] : own[index][idx]).toLocaleString('en-US'),
  });
  const axis: uPlot.Axis = { stroke: COLOURS.axis, grid: { stroke: COLOURS.grid, width: 1 }, ticks: { show: false }, font: '12px system-ui, sans-serif' };
  const opts: uPlot.Options = {
    width: Math.max(280, container.clientWidth),
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    legend: { live: true },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    axes: [
      {
        ...axis,
        // A label under a day's bar, every day or every few days as the width allows.
        splits: (u) => {
          const step = Math.max(1, Math.ceil((x.length * 56) / (u.bbox.width / devicePixelRatio)));
          return x.filter((_, i) => i % step === 0);
        },
        values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })),
      },
      { ...axis, size: 48, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? t.toLocaleString('en-US') : '')) },
    ],
    series: [
      { label: 'Day', value: (_u, ts) => (ts === null ? 'whole month' : new Date(ts * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })) },
      series('Failed', COLOURS.failed, 0),
      series('Test', COLOURS.test, 1),
      series('Live', COLOURS.live, 2),
    ],
  };
  container.replaceChildren();
  const chart = new uPlot(opts, [x, failedTop, testTop, liveTop], container);
  new ResizeObserver(() => {
    const width = Math.max(280, container.clientWidth);
    if (width !== chart.width) chart.setSize({ width, height: HEIGHT });
  }).observe(container);
}

function start(): void {
  const container = document.getElementById('usage-chart');
  const data = readData();
  if (!container || !data || data.days.length === 0) return;
  draw(container, data);
  container.classList.add('is-drawn');
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
