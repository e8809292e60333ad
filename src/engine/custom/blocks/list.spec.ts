import { boxOf, boxesOf, renderLayout } from '../../../../test/support/custom-render';

describe('list block', () => {
  it('numbers the entries of an ordered list, text beside the numbers', async () => {
    const doc = await renderLayout({ body: [{ type: 'list', items: 'steps', as: 'step', text: '{{ step.title }}', ordered: true }] }, { steps: [{ title: 'Unpack' }, { title: 'Plug in' }] });
    const [one, two] = [boxOf(doc, '1.'), boxOf(doc, '2.')];
    expect(boxOf(doc, 'Unpack').y).toBe(one.y);
    expect(boxOf(doc, 'Plug in').y).toBe(two.y);
    expect(boxOf(doc, 'Unpack').x).toBeGreaterThan(one.x + one.width);
  });

  it('bullets the entries and wraps long ones under their text', async () => {
    const long = 'a long entry '.repeat(30).trim();
    const doc = await renderLayout({ body: [{ type: 'list', items: 'notes', text: '{{ item }}' }] }, { notes: [long, 'short'] });
    expect(boxesOf(doc, '•')).toHaveLength(2);
    const lines = doc.textBoxes.filter((box) => box.text.startsWith('a long') || box.text.startsWith('entry'));
    expect(lines.length).toBeGreaterThan(1);
    expect(new Set(lines.map((line) => line.x)).size).toBe(1);
    expect(lines[0].x).toBeGreaterThan(boxesOf(doc, '•')[0].x);
  });
});
