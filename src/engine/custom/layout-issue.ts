/** One problem of a layout: where it is (relative to the layout) and what is wrong there. */
export interface LayoutIssue {
  /** Keys and indexes from the layout's root, e.g. `['body', 3, 'text']`. */
  path: Array<string | number>;
  /** The problem without the path, e.g. `has a Liquid syntax error at line 1, column 7: ...`. */
  message: string;
}

/** A layout that cannot be compiled; every problem found is listed. */
export class InvalidLayout extends Error {
  constructor(readonly issues: LayoutIssue[]) {
    super(issues.length === 1 ? 'The layout has 1 problem' : `The layout has ${issues.length} problems`);
    this.name = 'InvalidLayout';
  }
}
