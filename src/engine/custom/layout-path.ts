import { LayoutIssue } from './layout-issue';

export type LayoutPath = ReadonlyArray<string | number>;

/** `['body', 2, 'text']` -> `body[2].text`. */
export function formatPath(path: LayoutPath): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

/** How errors at render time name a property: `layout.body[2].text`. */
export function layoutPath(path: LayoutPath): string {
  return path.length === 0 ? 'layout' : `layout.${formatPath(path)}`;
}

/** Collects the problems of one compilation. */
export class IssueList {
  readonly issues: LayoutIssue[] = [];

  add(path: LayoutPath, message: string): void {
    this.issues.push({ path: [...path], message });
  }
}
