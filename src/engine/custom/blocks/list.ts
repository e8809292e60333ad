import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { Paragraph } from '../../toolkit/paragraph';
import { RenderFailed } from '../../errors';
import { lineHeight, TextStyle } from '../../toolkit/text-style';
import { LayoutPath, layoutPath } from '../layout-path';
import { compileValuePath } from '../liquid/compile-liquid';
import { MAX_PAGES, TOO_MANY_PAGES } from './build-scope';
import { CompiledBlock, Piece } from './compiled-block';
import { CompileContext, LayoutNode, readBoolean, readLoopName, readString, readText } from './compile-context';
import { Column } from './column';
import { SPACE_BEFORE } from './spacing';
import { tagged } from '../../tagging/tagged-block';

const ENTRY_GAP = 3;
const MARKER_GAP = 6;

/** `list`: one bulleted or numbered entry per element of an array; long entries wrap under their text. */
export function compileListBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const items = compileValuePath(readString(node, 'items', path, issues, true), [...path, 'items'], issues);
  const as = readLoopName(node, path, issues, 'item');
  const text = readText(node, 'text', path, issues);
  const ordered = readBoolean(node, 'ordered', path, issues);
  const itemsPath = layoutPath([...path, 'items']);
  const style = theme.styles.body;
  return {
    build(scope, emit) {
      const list = scope.items(items, itemsPath);
      // A list that cannot fit in the page limit fails before any entry is evaluated.
      if (list.length > Math.ceil((MAX_PAGES * scope.frame.height) / lineHeight(style))) throw new RenderFailed(TOO_MANY_PAGES);
      scope.spend(list.length);
      const entries: string[] = [];
      scope.evaluation.loop(as, list, () => entries.push(text(scope.evaluation)));
      if (entries.length === 0) return;
      const markers = entries.map((_, index) => (ordered ? `${index + 1}.` : '•'));
      const pieces: Piece[] = entries.map((entry, index) => ({ block: new ListEntry(markers[index], entry, style, markers[markers.length - 1]), space: ENTRY_GAP }));
      emit({ block: tagged('L', new Column(pieces)), space: SPACE_BEFORE.list });
    },
  };
}

/** A marker in the gutter and the wrapped text beside it; splits between lines like a paragraph. */
class ListEntry implements Block {
  constructor(
    private readonly marker: string,
    private readonly text: string,
    private readonly style: TextStyle,
    /** The widest marker of the list, which sets the gutter (numbers grow). */
    private readonly widestMarker: string,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const gutter = canvas.measure(this.widestMarker, this.style) + MARKER_GAP;
    const lines = new Paragraph(this.text, this.style).layout(canvas, Math.max(1, width - gutter));
    return this.entry(lines, gutter, true, {});
  }

  /** Tagged LI > Lbl (the marker) + LBody; `key` keeps an entry split across pages one LI. */
  private entry(lines: Laid, gutter: number, withMarker: boolean, key: object): Laid {
    return {
      height: lines.height,
      draw: (canvas, x, y) =>
        canvas.tags.element(
          'LI',
          () => {
            if (withMarker) canvas.tags.element('Lbl', () => canvas.text(this.marker, x, y, this.style, gutter - MARKER_GAP, 'right'));
            canvas.tags.element('LBody', () => lines.draw(canvas, x + gutter, y), { key });
          },
          { key },
        ),
      split: (room, atPageTop) => {
        const parts = lines.split?.(room, atPageTop);
        return parts ? [this.entry(parts[0], gutter, withMarker, key), this.entry(parts[1], gutter, false, key)] : null;
      },
    };
  }
}
