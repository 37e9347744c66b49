// A segment tree: static segments first, then one `:param` per level, with backtracking.
// Matching splits the raw path on '/' before decoding, so an encoded '/' or '+' stays in its segment.
export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

export type Lookup<R> = { kind: 'found'; match: Match<R> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

interface Node<R> {
  statics: Map<string, Node<R>>;
  param: { name: string; node: Node<R> } | null;
  routes: Map<string, R>;
}

const newNode = <R>(): Node<R> => ({ statics: new Map(), param: null, routes: new Map() });

export function splitPath(path: string): string[] {
  const parts = path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
  return parts;
}

/** What a route without parameters gets (frozen: shared by every request to such a route). */
const noParams: Record<string, string> = Object.freeze({});

export class Router<R> {
  private readonly root: Node<R> = newNode();
  /** Routes without parameters by exact path, then method: a request to one is answered without a walk. */
  private readonly exact = new Map<string, Map<string, Lookup<R>>>();

  add(method: string, pattern: string, route: R): void {
    let node = this.root;
    for (const segment of splitPath(pattern)) {
      if (segment.startsWith(':')) {
        const name = segment.slice(1);
        if (node.param && node.param.name !== name) {
          throw new Error(`route ${pattern}: parameter :${name} clashes with :${node.param.name}`);
        }
        node.param ??= { name, node: newNode() };
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(method)) throw new Error(`route ${method} ${pattern} registered twice`);
    node.routes.set(method, route);
    if (!pattern.includes(':')) {
      let byMethod = this.exact.get(pattern);
      if (!byMethod) this.exact.set(pattern, (byMethod = new Map()));
      byMethod.set(method, { kind: 'found', match: { route, params: noParams } });
    }
  }

  lookup(method: string, path: string): Lookup<R> {
    const exact = this.exact.get(path)?.get(method);
    if (exact) return exact;
    const segments = splitPath(path);
    const params: Array<[string, string]> = [];
    const node = this.walk(this.root, segments, 0, params);
    if (!node) return { kind: 'none' };
    const route = node.routes.get(method) ?? (method === 'HEAD' ? node.routes.get('GET') : undefined);
    if (!route) return { kind: 'method', allowed: [...node.routes.keys()] };
    const decoded: Record<string, string> = {};
    for (const [name, raw] of params) decoded[name] = safeDecode(raw);
    return { kind: 'found', match: { route, params: decoded } };
  }

  private walk(node: Node<R>, segments: string[], at: number, params: Array<[string, string]>): Node<R> | null {
    if (at === segments.length) return node.routes.size > 0 ? node : null;
    const segment = segments[at]!;
    const next = node.statics.get(segment);
    if (next) {
      const found = this.walk(next, segments, at + 1, params);
      if (found) return found;
    }
    if (node.param && segment !== '') {
      params.push([node.param.name, segment]);
      const found = this.walk(node.param.node, segments, at + 1, params);
      if (found) return found;
      params.pop();
    }
    return null;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
