/**
 * A live key's generations count against the month; a test key's are watermarked TEST and
 * counted apart, against a limit equal to the plan's (DECISIONS section 11).
 */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];
