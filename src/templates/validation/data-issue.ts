import { PathSegment } from './data-path';

/** One problem found in template data; `missing` and `type` issues hide the `rule` issues of the same field. */
export interface DataIssue {
  segments: PathSegment[];
  /** `segments` as callers write them (formatPath), computed once. */
  path: string;
  kind: 'missing' | 'type' | 'rule';
  message: string;
}
