// URLs of the target as configured may carry a query (an access token for a gateway) and userinfo. A path is
// joined before the query, never after it, and the configured query travels with every request.

/** `root` + `path` (+ `query`, `?a=b` or ''), the path joined before any query of either. */
export function joinUrl(root: string, path: string, query = ''): string {
  const [rootBase, rootQuery] = splitQuery(root);
  const [pathBase, pathQuery] = splitQuery(path);
  const queries = [rootQuery, pathQuery, query.replace(/^\?/, '')].filter((q) => q !== '');
  return `${rootBase}${pathBase}${queries.length > 0 ? `?${queries.join('&')}` : ''}`;
}

/**
 * A configured URL as a request root: no userinfo (never sent: the API authenticates with Bearer
 * credentials, and undici would drop it anyway), no trailing slash on the path, no fragment, query kept;
 * `suffix` (e.g. `/v4`) joined to the path unless the path already ends with it.
 */
export function requestRoot(url: string, suffix = ''): string {
  const parsed = new URL(url);
  let path = parsed.pathname.replace(/\/+$/, '');
  if (suffix !== '' && !path.endsWith(suffix)) path += suffix;
  return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`;
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}
