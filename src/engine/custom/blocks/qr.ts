import { InvalidDocumentData } from '../../errors';
import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { TextAlign } from '../../toolkit/text-style';
import { ALIGNMENTS } from '../language-schema';
import { LayoutPath, layoutPath } from '../layout-path';
import { compileText } from '../liquid/compile-liquid';
import { MAX_QR_BYTES, QrMatrix, qrMatrix } from '../qr/qr-matrix';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readChoice, readNumber, readString } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/** Modules of white around the code, as the QR specification asks. */
const QUIET_ZONE = 4;
const DEFAULT_SIZE = 96;
/** Black on white: what every scanner reads best. */
const MODULE_COLOR = '#000000';
const TOO_LONG = `is too long for a QR code (at most ${MAX_QR_BYTES} bytes)`;

/** `qr`: a QR code of a string, as vector squares; an empty value draws nothing. */
export function compileQrBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues } = context;
  const source = readString(node, 'value', path, issues, true);
  const valuePath = [...path, 'value'];
  const size = readNumber(node, 'size', path, issues, DEFAULT_SIZE, 16, 600);
  const align = readChoice(node, 'align', ALIGNMENTS, 'left', path, issues);
  const text = compileText(source, valuePath, issues);
  const dynamic = source.includes('{{') || source.includes('{%');
  // A literal value is encoded once, now.
  const fixed = dynamic || source === '' ? undefined : qrMatrix(source);
  if (fixed === null) issues.add(valuePath, TOO_LONG);
  const name = layoutPath(valuePath);
  return {
    build(scope, emit) {
      let matrix = fixed;
      let value = source;
      if (matrix === undefined) {
        value = text(scope.evaluation);
        if (value === '') return;
        matrix = qrMatrix(value);
      }
      if (!matrix) throw new InvalidDocumentData(`${name} ${TOO_LONG}`);
      scope.spend(1);
      emit({ block: new QrBlock(matrix, Math.min(size, scope.frame.height), align, value), space: SPACE_BEFORE.qr });
    },
  };
}

class QrBlock implements Block {
  constructor(
    private readonly matrix: QrMatrix,
    private readonly size: number,
    private readonly align: TextAlign,
    /** The encoded text: the figure's alternative text (tagging). */
    private readonly text: string,
  ) {}

  layout(_canvas: Canvas, available: number): Laid {
    const side = Math.min(this.size, available);
    const offset = this.align === 'left' ? 0 : this.align === 'right' ? available - side : (available - side) / 2;
    return { height: side, draw: (canvas, x, y) => this.draw(canvas, x + offset, y, side) };
  }

  /** Dark modules in horizontal runs, each run one rectangle. */
  private draw(canvas: Canvas, x: number, y: number, side: number): void {
    const { size, dark } = this.matrix;
    const module = side / (size + 2 * QUIET_ZONE);
    const left = x + QUIET_ZONE * module;
    const top = y + QUIET_ZONE * module;
    const rects: Array<[number, number, number, number]> = [];
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; ) {
        if (!dark(row, column)) {
          column++;
          continue;
        }
        const start = column;
        while (column < size && dark(row, column)) column++;
        rects.push([left + start * module, top + row * module, (column - start) * module, module]);
      }
    }
    // A Figure (tagging) whose alternative text is the encoded text.
    canvas.tags.element('Figure', () => canvas.fillRects(rects, MODULE_COLOR), { alt: `QR code: ${this.text}` });
  }
}
