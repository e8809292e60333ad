// Not the engine's index: this module runs in the render worker too (see render.worker.ts).
import { InvalidDocumentData, RenderFailed } from '../../engine/errors';

/**
 * A render the engine refused, as it crosses from the worker thread: the engine's error classes
 * do not survive the structured clone (a thrown one arrives as a plain Error named 'Error'), so
 * the worker hands back their name and message as a value, and the pool raises them again.
 */
export interface RenderRefusal {
  refused: { name: string; message: string };
}

export function toRefusal(error: RenderFailed): RenderRefusal {
  return { refused: { name: error.name, message: error.message } };
}

export function isRefusal(value: unknown): value is RenderRefusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

/** The engine's error again, on this side of the boundary. */
export function fromRefusal({ refused }: RenderRefusal): RenderFailed {
  return refused.name === 'InvalidDocumentData' ? new InvalidDocumentData(refused.message) : new RenderFailed(refused.message);
}
