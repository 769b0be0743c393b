export interface DiffLine {
  path: string;
  kind: 'added' | 'removed' | 'changed' | 'same';
  before?: string;
  after?: string;
}

/** Leaves of a JSON value by path (`a.b[2].c`); an empty object or array is a leaf of its own. */
function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => flatten(v, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  } else if (value !== undefined) {
    out.set(path || '(value)', JSON.stringify(value));
  }
}

/** What a change did, field by field: the before and after of an audit row side by side. */
export function jsonDiff(before: unknown, after: unknown): DiffLine[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  // A null side is "nothing there" (a thing made or removed), not a value that changed.
  if (before !== null) flatten(before, '', a);
  if (after !== null) flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.map((path) => {
    const x = a.get(path);
    const y = b.get(path);
    if (x === undefined) return { path, kind: 'added', after: y };
    if (y === undefined) return { path, kind: 'removed', before: x };
    return { path, kind: x === y ? 'same' : 'changed', before: x, after: y };
  });
}
