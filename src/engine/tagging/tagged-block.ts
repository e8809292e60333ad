import { Block, Laid } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { ElementOptions, StructRole } from './tagger';

/**
 * `block` drawn inside one structure element `role` (a list's L, a heading's H1, a Sect): its
 * parts, when it splits across pages, continue the same element.
 */
export function tagged(role: StructRole, block: Block, options: Omit<ElementOptions, 'key'> = {}): Block {
  return { layout: (canvas: Canvas, width: number) => taggedLaid(role, block.layout(canvas, width), { ...options, key: {} }) };
}

/** A laid-out block drawn inside the structure element `role`; `options.key` ties its split parts. */
export function taggedLaid(role: StructRole, laid: Laid, options: ElementOptions & { key: object }): Laid {
  const wrapped: Laid = {
    height: laid.height,
    fills: laid.fills,
    draw: (canvas, x, y) => canvas.tags.element(role, () => laid.draw(canvas, x, y), options),
  };
  if (laid.split) {
    wrapped.split = (room, atPageTop) => {
      const parts = laid.split?.(room, atPageTop);
      return parts ? [taggedLaid(role, parts[0], options), taggedLaid(role, parts[1], options)] : null;
    };
  }
  if (laid.stretch) wrapped.stretch = (height) => taggedLaid(role, laid.stretch!(height), options);
  return wrapped;
}
