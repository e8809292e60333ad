import { InvalidDocumentData } from '../../errors';
import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { TextAlign } from '../../toolkit/text-style';
import { checkDataImage, ImageVerdict, MAX_IMAGE_URI_CHARS } from '../images/data-image';
import { ALIGNMENTS } from '../language-schema';
import { LayoutPath, layoutPath } from '../layout-path';
import { compileText } from '../liquid/compile-liquid';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readChoice, readNumber, readOptionalText, readString } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/** CSS pixels to points: an image without a size is drawn at 96 dpi, as in the header templates. */
const PX = 0.75;

/**
 * `image`: a PNG or JPEG data URI, literal (checked at compile time) or from the data (checked
 * when drawn; an empty value draws nothing). Never fetched, never read from disk.
 */
export function compileImageBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues } = context;
  const source = readString(node, 'src', path, issues, true);
  const srcPath = [...path, 'src'];
  const width = node.width === undefined ? undefined : readNumber(node, 'width', path, issues, 1, 1);
  const height = node.height === undefined ? undefined : readNumber(node, 'height', path, issues, 1, 1);
  const align = readChoice(node, 'align', ALIGNMENTS, 'left', path, issues);
  const alt = readOptionalText(node, 'alt', path, issues);
  const name = layoutPath(srcPath);
  const dynamic = source.includes('{{') || source.includes('{%');
  // A data URI from the data is as long as its image: bounded by the image limit, not the text one.
  const text = dynamic ? compileText(source, srcPath, issues, MAX_IMAGE_URI_CHARS + 1) : undefined;
  const literal = dynamic ? undefined : { src: source.trim(), verdict: checkDataImage(source.trim()) };
  if (literal && 'problem' in literal.verdict) issues.add(srcPath, literal.verdict.problem);

  return {
    build(scope, emit) {
      let src: string;
      let verdict: ImageVerdict;
      if (literal) ({ src, verdict } = literal);
      else {
        src = text!(scope.evaluation).trim();
        if (src === '') return;
        verdict = checkDataImage(src);
      }
      if ('problem' in verdict) throw new InvalidDocumentData(`${name} ${verdict.problem}`);
      scope.spend(1);
      scope.spendImage(src, verdict.pixels, name);
      const altText = alt?.(scope.evaluation).trim() || undefined;
      emit({ block: new ImageBlock(src, { width, height }, align, scope.frame.height, altText), space: SPACE_BEFORE.image });
    },
  };
}

/** An image at its size (or its natural one), within the width and a page's height; kept whole. */
class ImageBlock implements Block {
  constructor(
    private readonly src: string,
    private readonly size: { width?: number; height?: number },
    private readonly align: TextAlign,
    private readonly maxHeight: number,
    /** The Figure's alternative text; none: the image is decoration (PDF/UA 7.3: a Figure must have /Alt). */
    private readonly alt: string | undefined,
  ) {}

  layout(canvas: Canvas, available: number): Laid {
    const natural = canvas.imageSize(this.src);
    if (!natural || natural.width === 0 || natural.height === 0) return { height: 0, draw: () => undefined };
    const ratio = natural.height / natural.width;
    let { width, height } = this.size;
    if (width === undefined && height === undefined) width = natural.width * PX;
    width ??= height! / ratio;
    height ??= width * ratio;
    // Too large for the room: scaled down whole, never cut.
    const fit = Math.min(1, available / width, this.maxHeight / height);
    width *= fit;
    height *= fit;
    const offset = this.align === 'left' ? 0 : this.align === 'right' ? available - width : (available - width) / 2;
    const [drawnWidth, drawnHeight] = [width, height];
    const alt = this.alt;
    const draw = (target: Canvas, x: number, y: number) => target.image(this.src, x + offset, y, drawnWidth, drawnHeight);
    // With alternative text a Figure; without, an image drawn outside a Figure is an Artifact (tagging/tagger.ts).
    return { height, draw: alt ? (target, x, y) => target.tags.element('Figure', () => draw(target, x, y), { alt }) : draw };
  }
}
