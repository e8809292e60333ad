import { Parser } from 'htmlparser2';
import { RichStyle } from '../toolkit/rich-text';
import { TextAlign } from '../toolkit/text-style';
import { InlineStyle, parseInlineStyle } from './inline-style';

export const PLACEHOLDERS = ['pageNumber', 'totalPages', 'date', 'title', 'url'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export type TemplateRun =
  | { text: string; style: RichStyle }
  | { placeholder: Placeholder; style: RichStyle }
  | { image: string; width?: number; height?: number };

/** A block of inline content (a `div`/`p`, or the loose content between blocks). */
export interface TemplateBox {
  /** Left out (no text-align given): each line's start, right for right-to-left text. */
  align?: TextAlign;
  spaceBefore: number;
  spaceAfter: number;
  insetLeft: number;
  insetRight: number;
  width?: InlineStyle['width'];
  runs: TemplateRun[];
}

/** Contents never drawn and never fetched. */
const IGNORED = new Set(['script', 'style', 'link', 'meta', 'head', 'title', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'canvas', 'video', 'audio', 'source', 'picture']);
const BLOCKS = new Set(['div', 'p']);
const DATA_IMAGE = /^data:image\/(png|jpeg);base64,[a-z0-9+/=\s]+$/i;

/** An element that is open while parsing: what its content inherits. */
interface OpenElement {
  style: RichStyle;
  align?: TextAlign;
  block: boolean;
  /** Content is not drawn: ignored element, or replaced by a placeholder value. */
  silent: boolean;
}

/**
 * Parses the header/footer HTML subset of DECISIONS section 3 with htmlparser2 into boxes of
 * styled runs. Pure: the result depends on the HTML only, so it is cached across documents.
 */
export function parseTemplate(html: string, base: RichStyle): TemplateBox[] {
  const boxes: TemplateBox[] = [];
  const stack: OpenElement[] = [{ style: base, block: true, silent: false }];
  let box = newBox(undefined);
  const top = () => stack[stack.length - 1];
  const finishBox = (align: TextAlign | undefined) => {
    if (box.runs.length > 0) boxes.push(box);
    box = newBox(align);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = top();
        if (parent.silent || IGNORED.has(name)) {
          stack.push({ ...parent, block: false, silent: true });
          return;
        }
        const inline = parseInlineStyle(attributes.style, parent.style.size);
        const style: RichStyle = {
          ...parent.style,
          size: inline.fontSize ?? parent.style.size,
          bold: name === 'b' || name === 'strong' ? true : (inline.bold ?? parent.style.bold),
          italic: name === 'i' || name === 'em' ? true : (inline.italic ?? parent.style.italic),
          underline: name === 'u' || parent.style.underline,
          color: inline.color ?? parent.style.color,
        };
        const element: OpenElement = { style, align: inline.align ?? parent.align, block: BLOCKS.has(name), silent: false };
        if (element.block) {
          finishBox(element.align);
          const margin = inline.margin;
          const padding = inline.padding;
          box.spaceBefore = (margin?.top ?? 0) + (padding?.top ?? 0);
          box.spaceAfter = (margin?.bottom ?? 0) + (padding?.bottom ?? 0);
          box.insetLeft = (margin?.left ?? 0) + (padding?.left ?? 0);
          box.insetRight = (margin?.right ?? 0) + (padding?.right ?? 0);
          box.width = inline.width;
        }
        if (name === 'br') box.runs.push({ text: '\n', style });
        if (name === 'img') {
          const src = attributes.src ?? '';
          if (DATA_IMAGE.test(src)) box.runs.push({ image: src.replace(/\s+/g, ''), width: pixels(attributes.width, inline), height: pixels(attributes.height) });
        }
        const classes = (attributes.class ?? '').split(/\s+/);
        const placeholder = PLACEHOLDERS.find((candidate) => classes.includes(candidate));
        if (placeholder) {
          box.runs.push({ placeholder, style });
          element.silent = true;
        }
        stack.push(element);
      },
      ontext(data) {
        if (top().silent) return;
        const text = data.replace(/\s+/g, ' ');
        if (text) box.runs.push({ text, style: top().style });
      },
      onclosetag() {
        if (stack.length === 1) return;
        const element = stack.pop()!;
        if (element.block && !element.silent) finishBox(top().align);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  finishBox('left');
  return boxes;
}

function newBox(align: TextAlign | undefined): TemplateBox {
  return { align, spaceBefore: 0, spaceAfter: 0, insetLeft: 0, insetRight: 0, runs: [] };
}

/** An HTML width/height attribute (CSS pixels) in points; a style width wins for width. */
function pixels(attribute: string | undefined, inline?: InlineStyle): number | undefined {
  if (inline?.width && 'points' in inline.width) return inline.width.points;
  const value = Number(attribute);
  return attribute && Number.isFinite(value) && value > 0 ? value * 0.75 : undefined;
}
