// Base URLs carry a path prefix (e.g. /v4); load clients talk to an origin and prepend the prefix.
export function splitBaseUrl(baseUrl: string): { origin: string; prefix: string } {
  const url = new URL(baseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** Joins a base URL and a path that starts with '/', keeping the base's prefix. */
export function joinUrl(baseUrl: string, path: string): string {
  const { origin, prefix } = splitBaseUrl(baseUrl);
  return `${origin}${prefix}${path}`;
}
