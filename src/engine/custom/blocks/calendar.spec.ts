import { InvalidDocumentData } from '../../errors';
import { boxOf, boxesOf, pageText, renderLayout } from '../../../../test/support/custom-render';
import { compileLayout } from '../compile-layout';
import { InvalidLayout } from '../layout-issue';

/** Letter with 0.75in margins: the body ends here. */
const BODY_BOTTOM = 792 - 54;
const month = (extra: Record<string, unknown> = {}) => ({ type: 'calendar', month: '2025-05', events: 'events', ...extra });
const events = [{ title: 'Review', start: '2025-05-28', category: 'Meetings' }];

describe('calendar block', () => {
  it('draws the month with its weekdays, days, events and a legend of categories', async () => {
    const events = [
      { title: 'Kick-off', start: '2025-04-01', category: 'Meetings' },
      { title: 'Shoot', start: '2025-04-07', end: '2025-04-10', category: 'Production' },
      { title: 'Review', start: '2025-04-15', category: 'Meetings' },
    ];
    const doc = await renderLayout({ body: [{ type: 'calendar', month: '{{ month }}', events: 'events' }] }, { month: '2025-04', events });
    expect(doc.textBoxes.slice(0, 7).map((box) => box.text)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(boxesOf(doc, '30')).toHaveLength(1);
    expect(boxesOf(doc, '31')).toHaveLength(0);
    for (const text of ['Kick-off', 'Shoot', 'Review']) expect(boxesOf(doc, text)).toHaveLength(1);
    expect(boxOf(doc, 'Meetings').y).toBeGreaterThan(boxOf(doc, 'Review').y);
    expect(boxesOf(doc, 'Production')).toHaveLength(1);
  });

  it('reads events of any shape through its templates, from two arrays', async () => {
    const layout = {
      body: [{ type: 'calendar', month: '2025-05', events: 'events', ranges: 'ranges', as: 'e', title: '{{ e.text | default: e.label }}', start: '{{ e.date | default: e.start }}', category: '{{ legend[e.kind] }}', weekStart: 'sunday' }],
    };
    const doc = await renderLayout(layout, { events: [{ date: '2025-05-02', text: 'Table read', kind: 'prep' }], ranges: [{ start: '2025-05-05', end: '2025-05-09', label: 'Block 1', kind: 'shoot' }], legend: { prep: 'Prep', shoot: 'Shoot days' } });
    expect(doc.textBoxes[0].text).toBe('Sun');
    for (const text of ['Table read', 'Block 1', 'Prep', 'Shoot days']) expect(boxesOf(doc, text)).toHaveLength(1);
  });

  it('without a height, takes the room the page has left, the legend kept under it', async () => {
    const fill = await renderLayout({ body: [{ type: 'text', text: 'Schedule', style: 'title' }, month()] }, { events });
    const legend = boxOf(fill, 'Meetings');
    expect(fill.pageCount).toBe(1);
    expect(legend.y + legend.height).toBeGreaterThan(BODY_BOTTOM - 4);
    expect(legend.y + legend.height).toBeLessThanOrEqual(BODY_BOTTOM + 0.5);
    const fixed = await renderLayout({ body: [{ type: 'text', text: 'Schedule', style: 'title' }, month({ height: 200 })] }, { events });
    expect(boxOf(fixed, 'Meetings').y).toBeLessThan(400);
  });

  it('without a height, starts a new page when less than half a page is left, and one month fills each page', async () => {
    const after = (height: number) => renderLayout({ body: [{ type: 'spacer', height }, { type: 'text', text: 'May', style: 'heading' }, month()] }, { events });
    const stays = await after(250);
    expect(stays.pageCount).toBe(1);
    expect(boxOf(stays, 'Meetings').y + boxOf(stays, 'Meetings').height).toBeGreaterThan(BODY_BOTTOM - 4);
    const moved = await after(400);
    expect(moved.pageCount).toBe(2);
    expect(boxOf(moved, 'May').page).toBe(1);
    expect(boxOf(moved, 'Mon').page).toBe(1);
    const months = await renderLayout({ body: [{ type: 'each', items: 'months', as: 'm', blocks: [month({ month: '{{ m }}' })] }] }, { months: ['2025-05', '2025-06'], events: [] });
    expect(months.pageCount).toBe(2);
    expect(pageText(months, 1)[0]).toBe('Mon');
  });

  it('draws an element of ranges as a bar even when it lasts one day, above the day\'s chips', async () => {
    const layout = { body: [month({ ranges: 'ranges' })] };
    const doc = await renderLayout(layout, { events: [{ title: 'Call', start: '2025-05-06' }], ranges: [{ title: 'Day off', start: '2025-05-06', end: '2025-05-06' }] });
    const bar = boxOf(doc, 'Day off');
    const chip = boxOf(doc, 'Call');
    expect(bar.y).toBeLessThan(chip.y);
    // Bars start 1 pt inside the cell, chips 2 pt.
    expect(chip.x - bar.x).toBeCloseTo(1, 5);
  });

  it('lists what its days cannot show under the month, and counts it in the cells', async () => {
    const crowded = Array.from({ length: 12 }, (_, i) => ({ title: `Call sheet ${i + 1} for the harbour unit`, start: '2025-05-14', category: 'Shoot' }));
    const bars = Array.from({ length: 6 }, (_, i) => ({ title: `Unit ${i + 1}`, start: '2025-05-12', end: '2025-05-16', category: 'Shoot' }));
    for (const height of [undefined, 160]) {
      const doc = await renderLayout({ body: [month({ ranges: 'bars', ...(height ? { height } : {}) })] }, { events: crowded, bars });
      const chips = crowded.filter((event) => boxesOf(doc, event.title).length === 1);
      expect(chips.length).toBeLessThan(crowded.length);
      const text = pageText(doc, 0).join(' ') + pageText(doc, 1).join(' ');
      expect(text).toContain('Also on these days · May 2025');
      for (const event of crowded) expect(text).toContain(event.title);
      for (const bar of bars) expect(text).toContain(bar.title);
      expect(doc.textBoxes.filter((box) => /^\+\d+/.test(box.text)).length).toBeGreaterThan(0);
    }
  });

  it('reads weekStart through Liquid, monday when it gives nothing', async () => {
    const layout = { body: [month({ weekStart: '{{ weekStart }}' })] };
    expect((await renderLayout(layout, { events: [], weekStart: 'sunday' })).textBoxes[0].text).toBe('Sun');
    expect((await renderLayout(layout, { events: [] })).textBoxes[0].text).toBe('Mon');
    await expect(renderLayout(layout, { events: [], weekStart: 'friday' })).rejects.toThrow(new InvalidDocumentData('layout.body[0].weekStart must give monday or sunday, not "friday"'));
    expect(() => compileLayout({ body: [month({ weekStart: 'friday' })] })).toThrow(InvalidLayout);
    expect(() => compileLayout({ body: [month({ weekStart: 'sunday' })] })).not.toThrow();
  });

  it('refuses a month or a date that is not one', async () => {
    const layout = { body: [{ type: 'calendar', month: '{{ month }}', events: 'events' }] };
    await expect(renderLayout(layout, { month: 'April', events: [] })).rejects.toThrow(new InvalidDocumentData('layout.body[0].month must give a month as YYYY-MM, not "April"'));
    await expect(renderLayout(layout, { month: '2025-04', events: [{ title: 'x', start: '04/01/2025' }] })).rejects.toThrow(
      new InvalidDocumentData('layout.body[0].events[0] starts on "04/01/2025", which is not a date as YYYY-MM-DD'),
    );
  });
});
