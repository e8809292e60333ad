import { ColumnWidth } from '../../toolkit/table';
import { IssueList, LayoutPath } from '../layout-path';

/** A column width as written: points (120), a percentage ("40%") or a share of the rest ("1fr"). */
export type Width = { points: number } | { percent: number } | { fr: number };

const PATTERN = /^([0-9]+(?:\.[0-9]+)?)(%|fr)$/;

export function readWidth(value: unknown, path: LayoutPath, issues: IssueList): Width | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 2000) return { points: value };
  const match = typeof value === 'string' ? PATTERN.exec(value) : null;
  const amount = match ? Number(match[1]) : 0;
  if (match && amount > 0 && (match[2] === 'fr' || amount <= 100)) return match[2] === '%' ? { percent: amount } : { fr: amount };
  issues.add(path, `must be points up to 2000 (120), a percentage up to 100% ("40%") or a share ("1fr"), not ${JSON.stringify(value).slice(0, 40)}`);
  return undefined;
}

export function tableColumnWidth(width: Width): ColumnWidth {
  return 'points' in width ? width.points : width;
}

/**
 * Widths in points of columns sharing `total` points: fixed ones first (shrunk together when
 * they do not fit), then the rest shared by the fractions. Without fractions the rest stays empty.
 */
export function resolveWidths(widths: Width[], total: number): number[] {
  const fixed = widths.map((width) => ('points' in width ? width.points : 'percent' in width ? (total * width.percent) / 100 : 0));
  const fixedSum = fixed.reduce((sum, width) => sum + width, 0);
  const fractions = widths.reduce((sum, width) => sum + ('fr' in width ? width.fr : 0), 0);
  const shrink = fixedSum > total ? total / fixedSum : 1;
  const left = Math.max(0, total - fixedSum * shrink);
  return widths.map((width, i) => ('fr' in width ? (left * width.fr) / fractions : fixed[i] * shrink));
}
