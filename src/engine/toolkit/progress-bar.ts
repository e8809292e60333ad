import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, TYPE } from './theme';
import { lineHeight, textStyle, TextStyle } from './text-style';

const LABEL: TextStyle = textStyle(TYPE.small, COLORS.text, { bold: true });
const TRACK_HEIGHT = 6;

/** Progress is a percentage; out-of-range values are drawn at the nearest end. */
export function toPercent(value: number): number {
  return Math.max(0, Math.min(100, value));
}

/** A horizontal bar with the percentage printed at its right. */
export class ProgressBar implements Block {
  constructor(
    private readonly value: number,
    private readonly color: string = COLORS.accent,
    private readonly look: Look = BUILT_IN_LOOK,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const labelStyle = this.look === BUILT_IN_LOOK ? LABEL : lookStyle(this.look, TYPE.small, this.look.text, { bold: true });
    const percent = toPercent(this.value);
    const label = `${Math.round(percent * 10) / 10}%`;
    const labelWidth = canvas.measure('100.0%', labelStyle) + 6;
    const height = lineHeight(labelStyle);
    return {
      height,
      draw: (target, x, y) => {
        const trackWidth = width - labelWidth;
        const trackY = y + (height - TRACK_HEIGHT) / 2;
        target.rect(x, trackY, trackWidth, TRACK_HEIGHT, COLORS.rule, TRACK_HEIGHT / 2);
        target.rect(x, trackY, (trackWidth * percent) / 100, TRACK_HEIGHT, this.color, TRACK_HEIGHT / 2);
        target.text(label, x + trackWidth, y, labelStyle, labelWidth, 'right');
      },
    };
  }
}
