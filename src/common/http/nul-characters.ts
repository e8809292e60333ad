/**
 * Where a parsed JSON body holds U+0000, or null. PostgreSQL cannot store it in text or jsonb
 * ("invalid byte sequence 0x00": a template's name answered 500), and no field of ours has a use
 * for it: every body is refused with it here, once, so that no field added later can miss the
 * check (DECISIONS section 13). Walks without recursion; nesting is bounded before parsing.
 */
export function findNulCharacter(root: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path || 'The body';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]` }));
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;
      if (key.includes('\0')) return `The key ${JSON.stringify(key)} at ${path || 'the top level'}`;
      stack.push({ value: child, path: name });
    }
  }
  return null;
}
