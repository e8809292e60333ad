/** What a user may do in a workspace (DECISIONS section 10): owners manage, members look and preview. */
export const ROLES = ['owner', 'member'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
