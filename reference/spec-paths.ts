// The path templates of an OpenAPI document of spec/, as matchers of request paths, and JSON pointers into it.

/** A JSON pointer to `parts` (each segment escaped: `~` as `~0`, `/` as `~1`). */
export const jsonPointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface PathTemplate {
  template: string;
  /** Matches a request path below the server prefix (query string removed). */
  matcher: RegExp;
}

/** The templates of `paths`, fewer parameters first, so literal segments win (`/channels/native/available`). */
export function pathTemplates(paths: Record<string, unknown>): PathTemplate[] {
  const parameters = (template: string) => (template.match(/\{/g) ?? []).length;
  return Object.keys(paths)
    .sort((a, b) => parameters(a) - parameters(b))
    .map((template) => ({ template, matcher: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`) }));
}
