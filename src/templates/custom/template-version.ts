/** Template versions are plain semantic versions: MAJOR.MINOR.PATCH, no pre-release or build part. */
export const SEMANTIC_VERSION_PATTERN = '^(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})$';

const SEMANTIC_VERSION = new RegExp(SEMANTIC_VERSION_PATTERN);

/** A template's first version. */
export const FIRST_VERSION = '1.0.0';

function parts(version: string): [number, number, number] {
  const match = SEMANTIC_VERSION.exec(version);
  if (!match) throw new Error(`not a semantic version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function isSemanticVersion(version: string): boolean {
  return SEMANTIC_VERSION.test(version);
}

/** Negative, zero or positive as `a` is lower than, equal to or higher than `b`. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The version a change makes when the caller names none: `1.2.3` -> `1.3.0`. */
export function nextMinor(version: string): string {
  const [major, minor] = parts(version);
  return `${major}.${minor + 1}.0`;
}
