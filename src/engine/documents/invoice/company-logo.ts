import { InvalidDocumentData } from '../../errors';
import { checkDataImage } from '../../custom/images/data-image';
import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';

/** The box a logo is scaled into, aspect kept: wide wordmarks and square marks both read at about the same weight. */
const MAX_WIDTH = 140;
const MAX_HEIGHT = 50;

/**
 * The company's logo, top-left of the masthead. The data's validation refuses a logo that cannot be
 * drawn; the check here keeps PDFKit from ever reading one when the engine is called directly.
 */
/** `alt`: the logo's alternative text (tagging), "<company> logo". */
export function companyLogo(uri: string, gapBelow: number, alt = 'Company logo'): Block {
  const verdict = checkDataImage(uri);
  if ('problem' in verdict) throw new InvalidDocumentData(`Field 'company.logo' ${verdict.problem}`);
  return {
    layout(canvas: Canvas, width: number): Laid {
      const natural = canvas.imageSize(uri);
      if (!natural || natural.width === 0 || natural.height === 0) return { height: 0, draw: () => undefined };
      const scale = Math.min(MAX_WIDTH / natural.width, MAX_HEIGHT / natural.height, width / natural.width);
      const [drawnWidth, drawnHeight] = [natural.width * scale, natural.height * scale];
      return { height: drawnHeight + gapBelow, draw: (target, x, y) => target.tags.element('Figure', () => target.image(uri, x, y, drawnWidth, drawnHeight), { alt }) };
    },
  };
}
