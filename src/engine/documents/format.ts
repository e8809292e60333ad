/**
 * Free text as printed: without the blanks callers leave around it; '' when the optional field is
 * absent. Dates need no trimming: their formats allow no blanks.
 */
export function trimmed(value: string | undefined): string {
  return value?.trim() ?? '';
}
