import { PathSegment } from './data-path';

/** One problem found in template data; `missing` and `type` issues hide the `rule` issues of the same field. */
export interface DataIssue {
  segments: PathSegment[];
  kind: 'missing' | 'type' | 'rule';
  message: string;
}
