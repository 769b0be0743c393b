/**
 * Where the Back button goes. The launch URL carries it, so anyone can craft one: only a path on
 * this site is accepted ("/rng"), never another origin ("//evil.example", "https://...",
 * "/\\evil.example" which browsers read as "//evil.example", "javascript:..."). Anything else is "/".
 */
export function safeBackUrl(raw: string | null | undefined): string {
  if (!raw) return '/';
  const url = raw.trim();
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a "//".
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return '/';
  return url;
}
