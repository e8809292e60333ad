import { parseTemplate } from './html-template';
import { textStyle } from '../toolkit/text-style';

const BASE = textStyle(8, '#000000');
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('parseTemplate', () => {
  it('turns placeholder classes into placeholders and drops their content', () => {
    const [box] = parseTemplate('<div>Page <span class="pageNumber">9</span> of <span class="totalPages"></span></div>', BASE);
    expect(box.runs.map((run) => ('placeholder' in run ? `{${run.placeholder}}` : 'text' in run ? run.text : 'img'))).toEqual(['Page ', '{pageNumber}', ' of ', '{totalPages}']);
  });

  it('applies tags and inline styles: weight, style, underline, size, colour, alignment, spacing', () => {
    const [box] = parseTemplate('<p style="text-align:right; font-size:12px; color:#ff0000; margin: 4pt 0">a<b>b</b><i>c</i><u>d</u></p>', BASE);
    expect(box.align).toBe('right');
    expect(box.spaceBefore).toBe(4);
    const styles = box.runs.map((run) => ('style' in run ? run.style : null));
    expect(styles[0]).toMatchObject(textStyle(9, '#ff0000'));
    expect(styles[1]).toMatchObject({ bold: true });
    expect(styles[2]).toMatchObject({ italic: true });
    expect(styles[3]).toMatchObject({ underline: true });
  });

  it('ignores scripts, styles, links and remote images, and keeps data images', () => {
    const boxes = parseTemplate(
      `<script>alert(1)</script><style>p{}</style><link href="http://x"><img src="http://example.com/a.png"><img src="${PNG}" width="20"><a href="http://x">text</a>`,
      BASE,
    );
    const runs = boxes.flatMap((box) => box.runs);
    expect(runs).toEqual([
      { image: PNG, width: 15, height: undefined },
      { text: 'text', style: expect.objectContaining({ size: 8 }) },
    ]);
  });

  it('treats <br> as a line break and survives broken markup', () => {
    const runs = parseTemplate('one<br>two <b>unclosed <i>tags', BASE).flatMap((box) => box.runs);
    expect(runs.map((run) => ('text' in run ? run.text : ''))).toEqual(['one', '\n', 'two ', 'unclosed ', 'tags']);
  });
});
